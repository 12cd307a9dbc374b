import { fundState, isFundCode } from '@/features/fund/fund-state';
import { amountBracket, holdingBracket, multiplyDecimal, platformRateText, rateText } from '@/features/fund/fees';
import type { FundSummary } from '@/lib/api-types/fund';
import { setLocale } from '@/locales/i18n';

function fund(over: Partial<FundSummary>): FundSummary {
  return {
    fd_code: '009005',
    fd_name: 'x',
    fd_full_name: 'x',
    type: 1,
    type_desc: '股票型',
    found_date: '2020-01-02',
    totshare: '1亿',
    keeper_name: 'k',
    manager_name: 'm',
    risk_level: '4',
    sale_status: 'on_sale',
    status_reason: '',
    can_buy: true,
    can_sell: true,
    subscribe_start: null,
    subscribe_end: null,
    lock_days: 0,
    daily_purchase_limit: null,
    min_purchase: '10.00',
    tracked_index_name: null,
    performance_bench_mark: '',
    fund_derived: {} as FundSummary['fund_derived'],
    ...over,
  };
}

describe('fundState', () => {
  it('stops every non-purchasable state with its own notice and no buy button', () => {
    for (const [status, key] of [
      ['not_on_sale', 'fund.state.notOnSale'],
      ['trading_suspended', 'fund.state.tradingSuspended'],
      ['purchase_suspended', 'fund.state.purchaseSuspended'],
      ['closed', 'fund.state.closed'],
      ['delisted', 'fund.state.delisted'],
    ] as const) {
      const s = fundState(fund({ sale_status: status, can_buy: false }));
      expect(s.buy).toBe('none');
      expect(s.autoInvest).toBe(false);
      expect(s.tradeDates).toBe(false);
      expect(s.notices[0]?.key).toBe(key);
    }
  });

  it('liquidated and delisted funds: no fees, no timeline, returns dated to the last NAV', () => {
    for (const status of ['closed', 'delisted'] as const) {
      const s = fundState(
        fund({ sale_status: status, can_buy: false, fund_derived: { end_date: '2026-03-31' } as FundSummary['fund_derived'] }),
      );
      expect(s).toMatchObject({ ended: true, fees: 'none', tradeDates: false });
      expect(s.notices[1]).toEqual({ key: 'fund.state.returnsEnd', params: { date: '2026-03-31' }, tone: 'info' });
    }
    // Suspended or not on sale: no timeline and no purchase fees; holders of a purchase-suspended fund may sell.
    expect(fundState(fund({ sale_status: 'not_on_sale', can_buy: false }))).toMatchObject({ fees: 'none', ended: false });
    expect(fundState(fund({ sale_status: 'trading_suspended', can_buy: false })).fees).toBe('none');
    expect(fundState(fund({ sale_status: 'purchase_suspended', can_buy: false })).fees).toBe('redeem');
    expect(fundState(fund({})).fees).toBe('all');
  });

  it('building: subscribe, with the window and the founding date', () => {
    const s = fundState(
      fund({ sale_status: 'building', subscribe_start: '2025-02-27', subscribe_end: '2025-03-18', found_date: '2025-03-19' }),
    );
    expect(s.buy).toBe('subscribe');
    expect(s.notices[0]).toEqual({
      key: 'fund.state.building',
      params: { start: '2025-02-27', end: '2025-03-18', found: '2025-03-19' },
      tone: 'info',
    });
  });

  it('lock period with its length, purchase cap exactly, QDII confirmation day, money market without auto-invest', () => {
    expect(fundState(fund({ lock_days: 365 })).notices[0]).toMatchObject({ key: 'fund.state.lockPeriod', params: { days: 365 } });
    expect(fundState(fund({ daily_purchase_limit: '1000.00' })).notices[0]).toMatchObject({ params: { cap: '1,000.00' } });
    expect(fundState(fund({ type: 11 }), 2).notices.map((n) => n.key)).toContain('fund.state.qdii');
    const money = fundState(fund({ type: 4 }));
    expect(money.autoInvest).toBe(false);
    expect(money.buy).toBe('buy');
    expect(money.notices.at(-1)).toMatchObject({ key: 'fund.state.onSale', params: { min: '10.00' } });
  });

  it('fund codes are six digits and nothing else', () => {
    expect(['009005', '000000'].every(isFundCode)).toBe(true);
    expect(['12345', '1234567', '00900a', ' 009005', undefined].some((c) => isFundCode(c))).toBe(false);
  });
});

describe('fees', () => {
  afterEach(() => setLocale('zh-CN'));

  it('multiplies rates by the discount exactly', () => {
    expect(multiplyDecimal('1.5000', '0.1000')).toBe('0.15');
    expect(multiplyDecimal('1.2000', '0.1000')).toBe('0.12');
    expect(multiplyDecimal('0.6000', '0.5000')).toBe('0.30');
    // 0.1 × 3 in floats is 0.30000000000000004; here it is exact.
    expect(multiplyDecimal('0.1', '3', 4)).toBe('0.3000');
    expect(multiplyDecimal('abc', '1')).toBeNull();
  });

  it('labels brackets from the bounds (fen, days) and discounts only percentage rates', () => {
    const row = (lower: number, upper: number | null, value = '1.5', unit = '%') => ({
      name: '',
      value,
      unit,
      lower_bound: lower,
      upper_bound: upper,
    });
    expect(amountBracket(row(0, 100_000_000))).toBe('小于 100万');
    expect(amountBracket(row(100_000_000, 300_000_000))).toBe('100万 至 300万（不含）');
    expect(amountBracket(row(500_000_000, null))).toBe('500万 及以上');
    expect(holdingBracket(row(0, 7))).toBe('持有小于 7 天');
    expect(holdingBracket(row(730, null))).toBe('持有 730 天及以上');
    expect(rateText(row(0, 1, '1.5000'))).toBe('1.50%');
    expect(platformRateText(row(0, 1, '1.5000'), '0.1000')).toBe('0.15%');
    expect(platformRateText(row(0, null, '1000.00', '元'), '0.1000')).toBe('每笔 1000.00 元');
    setLocale('en-US');
    expect(amountBracket(row(0, 100_000_000))).toBe('Under 1M CNY');
    expect(holdingBracket(row(7, 30))).toBe('Held 7 to under 30 days');
    expect(rateText(row(0, null, '0.0000'))).toBe('Free');
    expect(rateText(row(0, null, '0', '%/年'))).toBe('None');
  });

  it('a fee not charged reads 免费 / 不收取, never "0万 及以上 0.00%"', () => {
    const row = (value: string, unit = '%', upper: number | null = null) => ({ name: '', value, unit, lower_bound: 0, upper_bound: upper });
    expect(amountBracket(row('0.0000'))).toBe('不限金额');
    expect(holdingBracket(row('0.0000'))).toBe('不限持有期');
    expect(rateText(row('0.0000'))).toBe('免费');
    expect(platformRateText(row('0.00'), '0.1000')).toBe('免费');
    expect(rateText(row('0.00', '元'))).toBe('免费');
    expect(rateText(row('0.0000', '%/年'))).toBe('不收取');
    // A rate that rounds to nothing after the discount is free too; a real rate is not.
    expect(platformRateText(row('0.0100'), '0.1000')).toBe('免费');
    expect(rateText(row('0.5000', '%', 7))).toBe('0.50%');
  });
});
