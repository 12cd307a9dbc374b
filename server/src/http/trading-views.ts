// The trading answers in Danjuan's shapes (src/lib/api-types/trading.ts is the client's copy of the contract):
// money as decimal strings with 2 decimals, shares with 2, NAV with 4, rates in percent, texts in the request's
// language. Presentation only: the figures come from the services.
import { mulDiv, ppmToPercent, unitsToNav, volumeToShares, type RoundingMode } from '../../../src/lib/trade-math';
import type {
  BuyQuote,
  FundHolding,
  HoldingItem,
  HoldingSummary,
  IncomeCalendar,
  OrderDetail,
  OrderListItem,
  OrderStep,
  PlaceOrderAnswer,
} from '../../../src/lib/api-types/trading';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import { shanghaiDate, shanghaiTime } from '../domain/clock';
import { isCancellable, refundArrival } from '../domain/trading-dates';
import type { Bank } from '../services/bank';
import { figuresOf, incomeByDay, lotRateToday, type FundPosition, type Positions } from '../services/holdings';
import { CASH_FUND_CODE, fenText, purchaseQuote, type BuyCheck, type OrderLotRow, type OrderRow } from '../services/trading';
import { formatMessage, type ServerLocale } from './result-codes';
import { bankName, statusText } from './trade-errors';

const ACTION_DESC: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  '020': { 'zh-CN': '认购', 'en-US': 'Subscribe' },
  '022': { 'zh-CN': '买入', 'en-US': 'Buy' },
  '024': { 'zh-CN': '卖出', 'en-US': 'Sell' },
  '143': { 'zh-CN': '分红', 'en-US': 'Dividend' },
};
const ORDER_TYPE_NAME: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  '020': { 'zh-CN': '认购', 'en-US': 'Subscription' },
  '022': { 'zh-CN': '申购', 'en-US': 'Purchase' },
  '024': { 'zh-CN': '赎回', 'en-US': 'Redemption' },
  '143': { 'zh-CN': '分红', 'en-US': 'Dividend' },
};

/** The cash product's movements read as such (转入, 快速取现, 普通取现, 支付), not as a fund's purchase or sale. */
const CASH_DESC: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  bankcard: { 'zh-CN': '现金宝转入', 'en-US': 'Cash deposit' },
  sale: { 'zh-CN': '卖出转入现金宝', 'en-US': 'Sale into cash' },
  refund: { 'zh-CN': '退款转入现金宝', 'en-US': 'Refund into cash' },
  quick: { 'zh-CN': '快速取现', 'en-US': 'Instant withdrawal' },
  card: { 'zh-CN': '普通取现', 'en-US': 'Normal withdrawal' },
  pay: { 'zh-CN': '现金宝支付', 'en-US': 'Paid from cash' },
};

/** Orders of the personal pension's Y classes (issue 24): marked as pension orders. */
const PENSION_DESC = {
  buy: { 'zh-CN': '养老金买入', 'en-US': 'Pension purchase' },
  sell: { 'zh-CN': '养老金卖出', 'en-US': 'Pension sale' },
} as const;

/** Purchases a 定投 plan or 现金宝 paid for read as such, not as a manual 买入 (issue 28). */
const SOURCE_DESC = {
  plan: { 'zh-CN': '定投买入', 'en-US': 'Auto-invest' },
  cash: { 'zh-CN': '现金宝买入', 'en-US': 'Bought with cash' },
} as const;

function orderSource(order: OrderRow): 'plan' | 'cash' | null {
  if (order.action !== '022' || order.fund_code === CASH_FUND_CODE) return null;
  if (order.plan_id !== null) return 'plan';
  return order.pay_method === 'xjb' ? 'cash' : null;
}

/** 12345678 fen → '123,456.78': thousands separators, as the pages show money everywhere. */
export function groupedFen(fen: number): string {
  const text = fenText(fen);
  const [whole = '', decimals = ''] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}

/** A pension order: a Y class's purchase, sale or dividend, whose money moves only through the 个人养老金资金账户. */
function isPensionOrder(order: OrderRow): boolean {
  return order.pay_method === 'pension' || order.sell_mode === 'pension' || order.share_class === 'Y';
}

function actionDesc(order: OrderRow, locale: ServerLocale): string {
  const source = orderSource(order);
  if (source) return SOURCE_DESC[source][locale];
  if (order.pay_method === 'pension') return PENSION_DESC.buy[locale];
  if (order.sell_mode === 'pension') return PENSION_DESC.sell[locale];
  if (order.fund_code === CASH_FUND_CODE) {
    const key = order.action === '024' ? (order.sell_mode ?? 'card') : order.action === '022' ? order.pay_method : '';
    const desc = CASH_DESC[key];
    if (desc) return desc[locale];
  }
  return ACTION_DESC[order.action]?.[locale] ?? order.action;
}

const shares = (volume: number | null) => (volume === null ? null : volumeToShares(volume));
const money = (fen: number | null) => (fen === null ? null : fenText(fen));
const percent2 = (numerator: number, denominator: number) => {
  if (denominator === 0) return null;
  // Two decimals, half away from zero, exact in integers.
  const scaled = mulDiv(Math.abs(numerator), 10_000, Math.abs(denominator), 'half_up');
  const sign = numerator < 0 && scaled > 0 ? '-' : '';
  return `${sign}${Math.floor(scaled / 100)}.${String(scaled % 100).padStart(2, '0')}`;
};

function statusDesc(order: OrderRow, locale: ServerLocale): string {
  // 快速取现: the money was on the card when it was placed; the redemption behind it only repays the advance.
  if (order.sell_mode === 'quick' && order.status !== 'failed' && order.status !== 'cancelled')
    return locale === 'en-US' ? 'Arrived' : '已到账';
  if (order.status === 'confirmed' && order.action === '024' && order.settled_at === null)
    return locale === 'en-US' ? 'Confirmed, money on its way' : '确认成功，资金在途';
  // 现金宝 deposits are transfers in, not purchases of a fund (issue 28).
  if (order.status === 'confirmed' && order.fund_code === CASH_FUND_CODE && order.action === '022')
    return locale === 'en-US' ? 'Transferred in' : '转入成功';
  if (order.status === 'confirmed') return locale === 'en-US' ? 'Completed' : order.action === '022' ? '申购完成' : '交易成功';
  return statusText(order.status, locale);
}

/** Why the fund company refused an order, in words: the settlement's code ('fund_company_refused') is not text. */
function failReason(order: OrderRow, locale: ServerLocale): string {
  if (order.fail_reason === 'fund_company_refused' || order.fail_reason === null) return formatMessage('fundCompanyRefusedPlain', locale);
  if (order.fail_reason === 'raising_failed') return formatMessage('raisingFailed', locale);
  return formatMessage('fundCompanyRefused', locale, { reason: order.fail_reason });
}

function steps(order: OrderRow, locale: ServerLocale, now: Date): OrderStep[] {
  const m = (key: Parameters<typeof formatMessage>[0], params: Record<string, string | number> = {}) => formatMessage(key, locale, params);
  const today = shanghaiDate(now);
  const created = `${shanghaiDate(order.created_at)} ${shanghaiTime(order.created_at).slice(0, 5)}`;
  const pension = isPensionOrder(order);
  if (order.action === '143') {
    const reinvested = order.confirm_volume !== null && order.confirm_volume > 0;
    const title = reinvested ? (pension ? 'stepDividendReinvested' : 'stepDividend') : pension ? 'stepPensionDividendCash' : 'stepDividend';
    return [{ title: m(title), time: order.confirm_date, done: true }];
  }
  const placed: OrderStep =
    order.action === '024'
      ? { title: m('stepSellAccepted', { date: order.trade_date }), time: created, done: true }
      : {
          title:
            order.action === '020'
              ? m('stepSubscribed')
              : m(pension ? 'stepPensionPaid' : order.pay_method === 'xjb' ? 'stepCashPaid' : 'stepPaid', { date: order.trade_date }),
          time: created,
          done: true,
        };
  if (order.status === 'cancelled') {
    const key =
      order.action === '024'
        ? 'stepSellCancelled'
        : pension
          ? 'stepPensionCancelled'
          : order.pay_method === 'xjb'
            ? 'stepCashRefunded'
            : 'stepCancelled';
    return [placed, { title: m(key), time: order.trade_date, done: true }];
  }
  if (order.status === 'failed') {
    const reason = order.fail_reason === 'payment_declined' ? m('paymentDeclined') : failReason(order, locale);
    const failedStep: OrderStep = { title: m('stepFailed', { reason }), time: order.confirm_date, done: true };
    // Where a refused purchase's money went: back where it came from (services/settlement.ts refundToCash).
    if (order.action !== '024' && order.refund_fen !== null && order.refund_fen > 0 && order.fail_reason !== 'payment_declined')
      return [
        placed,
        failedStep,
        {
          title: m(pension ? 'stepPensionRefunded' : order.pay_method === 'xjb' ? 'stepRefundedCash' : 'stepRefundedCard'),
          time: order.confirm_date,
          done: true,
        },
      ];
    return [placed, failedStep];
  }
  const confirmed = order.status === 'confirmed';
  if (order.action === '024') {
    if (order.sell_mode === 'quick')
      return [
        placed,
        { title: m('stepQuickArrived'), time: created, done: true },
        { title: m('stepSellConfirmed'), time: order.confirm_date, done: confirmed },
      ];
    return [
      placed,
      { title: m('stepSellConfirmed'), time: order.confirm_date, done: confirmed },
      {
        title: m(pension ? 'stepPensionSellArrived' : order.sell_mode === 'xjb' ? 'stepCashArrived' : 'stepSellArrived'),
        time: order.query_date,
        done: order.settled_at !== null,
      },
    ];
  }
  if (order.pay_method === 'sale') return [{ title: m('stepCashArrived'), time: order.confirm_date, done: true }];
  if (order.pay_method === 'refund') return [{ title: m('stepRefundedCash'), time: order.confirm_date, done: true }];
  return [
    placed,
    { title: m(order.action === '020' ? 'stepFounded' : 'stepConfirmed'), time: order.confirm_date, done: confirmed },
    { title: m('stepIncome'), time: `${order.query_date} 18:00`, done: confirmed && today >= order.query_date },
  ];
}

function canUndo(order: OrderRow, now: Date): boolean {
  if (order.sell_mode === 'quick' || order.sell_mode === 'pay') return false;
  const open = order.action === '024' ? order.status === 'submitted' : order.action !== '143' && order.status === 'paid';
  return open && isCancellable(order.trade_date, now);
}

export function placeAnswer(order: OrderRow, locale: ServerLocale, now: Date): PlaceOrderAnswer {
  return {
    order_id: String(order.id),
    action: order.action as PlaceOrderAnswer['action'],
    action_desc: actionDesc(order, locale),
    status: order.status as PlaceOrderAnswer['status'],
    status_desc: statusDesc(order, locale),
    fd_code: order.fund_code,
    fd_name: order.fund_name,
    amount: order.action === '024' ? null : money(order.amount_fen),
    volume: order.action === '024' ? shares(order.volume) : null,
    fee: fenText(order.fee_fen ?? 0),
    real_rate: order.rate_ppm === null ? null : ppmToPercent(order.rate_ppm),
    trade_date: order.trade_date,
    confirm_date: order.confirm_date,
    query_date: order.query_date,
    arrival_date: order.action === '024' ? order.query_date : null,
    steps: steps(order, locale, now),
    if_undo: canUndo(order, now) ? 'y' : 'n',
    pay_method: payMethodOf(order),
    sell_to: sellToOf(order),
  };
}

function payMethodOf(order: OrderRow): PlaceOrderAnswer['pay_method'] {
  if (isPensionOrder(order)) return 'pension';
  return order.pay_method === 'xjb' ? 'xjb' : 'bankcard';
}

function sellToOf(order: OrderRow): PlaceOrderAnswer['sell_to'] {
  if (order.action !== '024') return null;
  if (isPensionOrder(order)) return 'pension';
  return order.sell_mode === 'xjb' ? 'xjb' : 'bankcard';
}

export function orderDetail(order: OrderRow, lots: OrderLotRow[], locale: ServerLocale, now: Date): OrderDetail {
  const en = locale === 'en-US';
  const confirmed = order.status === 'confirmed';
  const confirmInfos: string[][] = [];
  if (confirmed && order.action !== '143') {
    confirmInfos.push([
      en ? 'Confirmation' : '确认信息',
      `${en ? 'Confirmed amount' : '确认金额'},${fenText(order.confirm_amount_fen ?? 0)}${en ? ' CNY' : '元'}`,
      `${en ? 'Confirmed shares' : '确认份额'},${volumeToShares(order.confirm_volume ?? 0)}${en ? '' : '份'}`,
      `${en ? 'NAV' : '确认净值'},${order.confirm_nav ?? ''}`,
      `${en ? 'NAV date' : '净值日期'},${order.trade_date}`,
      `${en ? 'Confirmed on' : '确认日期'},${order.confirm_date}`,
      `${en ? 'Fee' : '手续费'},${fenText(order.fee_fen ?? 0)}${en ? ' CNY' : '元'}`,
    ]);
  }
  const undo = canUndo(order, now);
  return {
    order_id: String(order.id),
    order_type_name: ORDER_TYPE_NAME[order.action]?.[locale] ?? order.action,
    fd_code: order.fund_code,
    fd_name: order.fund_name,
    action: order.action as OrderDetail['action'],
    action_desc: actionDesc(order, locale),
    status: order.status as OrderDetail['status'],
    status_desc: statusDesc(order, locale),
    state_msg: formatMessage(
      order.status === 'confirmed'
        ? 'stateMsgConfirmed'
        : order.status === 'cancelled'
          ? 'stateMsgCancelled'
          : order.status === 'failed'
            ? 'stateMsgFailed'
            : 'stateMsgPaid',
      locale,
    ),
    amount: fenText(order.action === '024' ? 0 : (order.amount_fen ?? 0)),
    volume: volumeToShares(order.action === '024' ? (order.volume ?? 0) : 0),
    confirm_amount: confirmed ? money(order.confirm_amount_fen) : null,
    confirm_volume: confirmed ? shares(order.confirm_volume) : null,
    confirm_nav: confirmed ? order.confirm_nav : null,
    fee: order.fee_fen === null ? null : fenText(order.fee_fen),
    real_rate: order.rate_ppm === null ? null : ppmToPercent(order.rate_ppm),
    trade_date: order.trade_date,
    confirm_date: order.confirm_date,
    query_date: order.query_date,
    arrival_date: order.action === '024' ? order.query_date : null,
    refund_amount: money(order.refund_fen),
    fail_reason:
      order.status === 'failed'
        ? order.fail_reason === 'payment_declined'
          ? formatMessage('paymentDeclined', locale)
          : failReason(order, locale)
        : null,
    if_undo: undo ? 'y' : 'n',
    undo_tip: undo
      ? order.action === '024'
        ? formatMessage('sellUndoTip', locale)
        : isPensionOrder(order)
          ? formatMessage('undoTipPension', locale)
          : order.pay_method === 'xjb'
            ? formatMessage('undoTipCash', locale)
            : formatMessage('undoTip', locale, { date: refundArrival(order.trade_date) })
      : null,
    // A pension order's money never touches the card: no card is named (pay_method / sell_to say 'pension').
    bankcard_no: order.card_tail && !isPensionOrder(order) ? `****${order.card_tail}` : null,
    bank_name: order.bank_code && !isPensionOrder(order) ? `${bankName(order.bank_code, locale)}(${order.card_tail ?? ''})` : null,
    pay_method: payMethodOf(order),
    sell_to: sellToOf(order),
    created_at: order.created_at.getTime(),
    confirm_infos: confirmInfos,
    steps: steps(order, locale, now),
    lots: lots.map((l) => ({
      confirm_date: l.lot_confirm_date,
      volume: volumeToShares(l.volume),
      holding_days: l.holding_days ?? 0,
      rate: l.rate_ppm === null ? '' : ppmToPercent(l.rate_ppm),
      fee: l.fee_fen === null ? null : fenText(l.fee_fen),
    })),
    risk_warning: order.risk_warning ? { text: order.risk_warning.text, accepted_at: order.risk_warning.accepted_at } : null,
    coupon_id: order.coupon_id === null ? null : String(order.coupon_id),
    coupon_discount: order.coupon_discount_fen === null ? null : fenText(order.coupon_discount_fen),
    income_date: order.action === '022' || order.action === '020' ? order.query_date : null,
    plan_id: order.plan_id === null ? null : String(order.plan_id),
    source: orderSource(order),
  };
}

/** Hundredths of a share, grouped like money: 1234567 → '12,345.67'. */
const groupedShares = (volume: number) => groupedFen(volume);

export function orderListItem(order: OrderRow, locale: ServerLocale): OrderListItem {
  const en = locale === 'en-US';
  const isSell = order.action === '024';
  const amountFen = order.action === '143' ? order.confirm_amount_fen : order.amount_fen;
  return {
    order_id: String(order.id),
    fd_code: order.fund_code,
    code: order.fund_code,
    name: order.fund_name,
    ttype: 'fund',
    action: order.action as OrderListItem['action'],
    action_desc: actionDesc(order, locale),
    status: order.status as OrderListItem['status'],
    status_desc: statusDesc(order, locale),
    amount: isSell || amountFen === null ? null : amountFen / 100,
    volume: isSell && order.volume !== null ? order.volume / 100 : null,
    value_desc: isSell
      ? `${groupedShares(order.volume ?? 0)}${en ? ' shares' : '份'}`
      : `${groupedFen(amountFen ?? 0)}${en ? ' CNY' : '元'}`,
    trade_date: order.trade_date,
    created_at: order.created_at.getTime(),
    title: `${actionDesc(order, locale)} ${order.fund_name}`.trim(),
    source: orderSource(order),
    plan_id: order.plan_id === null ? null : String(order.plan_id),
  };
}

export function buyQuoteAnswer(
  check: BuyCheck,
  amountFen: number | null,
  bank: Bank,
  locale: ServerLocale,
  cash: { fundCode: string; availableFen: number } | null,
): BuyQuote {
  const { fund, investor, dates } = check;
  const quote = amountFen !== null && amountFen > 0 ? purchaseQuote(fund, dates, amountFen) : null;
  const table = dates.mode === 'subscribe' && fund.subscribe.length > 0 ? fund.subscribe : fund.declare;
  const card = investor.card;
  const limits = card ? bank.limits(card.bankCode) : null;
  return {
    fd_code: fund.code,
    fd_name: fund.name,
    risk_level: fund.risk_level,
    investor_level: investor.riskLevel,
    suitability: check.suitability,
    risk_warning:
      check.suitability === 'warn'
        ? formatMessage('riskWarningText', locale, { fundRisk: fund.risk_level, investorLevel: investor.riskLevel ?? 0 })
        : null,
    mode: dates.mode,
    refusal: check.refusal,
    min_amount: fenText(check.minFen),
    daily_limit: fund.daily_purchase_limit_fen === null ? null : fenText(fund.daily_purchase_limit_fen),
    daily_limit_left: check.dailyLeftFen === null ? null : fenText(check.dailyLeftFen),
    fee: quote ? fenText(quote.feeFen) : null,
    standard_fee: quote ? fenText(quote.standardFeeFen) : null,
    real_rate: quote && quote.fixedFen === null ? ppmToPercent(quote.ratePpm) : null,
    standard_rate: quote && quote.fixedFen === null ? ppmToPercent(quote.standardRatePpm) : null,
    discount: fund.declare_discount,
    rounding_mode: fund.rounding_mode,
    trade_date: dates.tradeDate,
    confirm_date: dates.confirmDate,
    query_date: dates.queryDate,
    fee_table: table.map((b) => ({
      lower: fenText(b.lower),
      upper: b.upper === null ? null : fenText(b.upper),
      rate: b.ratePpm === null ? null : ppmToPercent(b.ratePpm),
      fixed: b.fixedFen === null ? null : fenText(b.fixedFen),
    })),
    cash: cash && investor.card && cash.fundCode !== fund.code ? { fd_code: cash.fundCode, available: fenText(cash.availableFen) } : null,
    card:
      card && limits
        ? {
            bank_code: card.bankCode,
            bank_name: bankName(card.bankCode, locale),
            card_tail: card.cardTail,
            per_payment_limit: fenText(limits.perPaymentFen),
            daily_limit: fenText(limits.dailyFen),
            daily_left: fenText(Math.max(0, limits.dailyFen - check.bankUsedFen)),
          }
        : null,
  };
}

function holdingItem(p: FundPosition, tradeDate: IsoDate, totalAssetsFen: number): HoldingItem {
  const f = figuresOf(p, tradeDate);
  return {
    fd_code: p.code,
    fd_name: p.name,
    type: p.type,
    type_desc: p.typeDesc,
    market_value: fenText(f.marketValueFen),
    volume: volumeToShares(f.volume),
    usable_volume: volumeToShares(f.usableVolume),
    nav: p.nav ? unitsToNav(p.nav.units) : '',
    nav_date: p.nav?.date ?? '',
    cost: fenText(f.costFen),
    daily_gain: fenText(f.dailyGainFen),
    hold_gain: fenText(f.holdGainFen),
    hold_gain_rate: percent2(f.holdGainFen, f.costFen),
    total_gain: fenText(f.totalGainFen),
    market_percent: percent2(f.marketValueFen, totalAssetsFen) ?? '0.00',
    buying_amount: fenText(p.buyingFen),
    selling_amount: fenText(p.proceedsInTransitFen),
    dividend_method: p.dividendMethod,
    hold_fee: fenText(f.heldFeeFen),
  };
}

/** The cash product's line of my money (services/cash.ts cashBalance). */
export interface CashLine {
  fundCode: string;
  totalFen: number;
  availableFen: number;
  outgoingFen: number;
  lastIncome: { date: string; fen: number } | null;
  totalIncomeFen: number;
  /** Income still held (shares earned, not withdrawn): the cash holding's gain. */
  holdGainFen: number;
}

/**
 * The holdings page: every position with shares or money on its way, and the totals (total assets include money in
 * transit). The cash fund is not an item: it is the cash product's own line, its balance counted once in the total.
 */
export function holdingSummary(
  positions: Positions,
  tradeDate: IsoDate,
  ordersInProgress: OrderListItem[],
  cash: CashLine | null,
): HoldingSummary {
  const funds = positions.funds.filter((p) => p.code !== cash?.fundCode);
  const live = funds.filter((p) => figuresOf(p, tradeDate).volume > 0 || p.buyingFen > 0 || p.proceedsInTransitFen > 0);
  const figures = funds.map((p) => ({ p, f: figuresOf(p, tradeDate) }));
  // A purchase paid by the cash product is counted once: in the cash balance while its cash shares are frozen.
  const inTransit = funds.reduce((s, p) => s + p.buyingFen - p.buyingInCashFen + p.proceedsInTransitFen, 0) + (cash?.outgoingFen ?? 0);
  const marketValue = figures.reduce((s, x) => s + x.f.marketValueFen, 0);
  const totalAssets = marketValue + inTransit + (cash?.totalFen ?? 0);
  const latest = [...figures.map((x) => x.p.nav?.date ?? ''), cash?.lastIncome?.date ?? ''].reduce((a, b) => (a > b ? a : b), '');
  const byType = new Map<number, { type_desc: string; fen: number }>();
  for (const { p, f } of figures) {
    if (f.marketValueFen === 0) continue;
    const entry = byType.get(p.type) ?? { type_desc: p.typeDesc, fen: 0 };
    entry.fen += f.marketValueFen;
    byType.set(p.type, entry);
  }
  const cashDaily = cash?.lastIncome && cash.lastIncome.date === latest ? cash.lastIncome.fen : 0;
  return {
    total_assets: fenText(totalAssets),
    // Yesterday's income: the latest NAV day's, of the holdings priced that day.
    daily_gain: fenText(figures.filter((x) => x.p.nav?.date === latest).reduce((s, x) => s + x.f.dailyGainFen, 0) + cashDaily),
    daily_gain_date: latest || null,
    hold_gain: fenText(figures.reduce((s, x) => s + x.f.holdGainFen, 0) + (cash?.holdGainFen ?? 0)),
    total_gain: fenText(figures.reduce((s, x) => s + x.f.totalGainFen, 0) + (cash?.totalIncomeFen ?? 0)),
    in_transit_amount: fenText(inTransit),
    items: live.map((p) => holdingItem(p, tradeDate, totalAssets)),
    allocation: [...byType.entries()]
      .sort((a, b) => b[1].fen - a[1].fen)
      .map(([type, v]) => ({
        type,
        type_desc: v.type_desc,
        market_value: fenText(v.fen),
        percent: percent2(v.fen, marketValue) ?? '0.00',
      })),
    orders_in_progress: ordersInProgress,
    cash:
      cash && (cash.totalFen > 0 || cash.totalIncomeFen > 0 || cash.outgoingFen > 0)
        ? {
            fd_code: cash.fundCode,
            total: fenText(cash.totalFen),
            available: fenText(cash.availableFen),
            yesterday_income: fenText(cash.lastIncome?.fen ?? 0),
            total_income: fenText(cash.totalIncomeFen),
          }
        : null,
  };
}

export function fundHolding(
  p: FundPosition,
  sell: { tradeDate: IsoDate; confirmDate: IsoDate; arrivalDate: IsoDate },
  today: IsoDate,
  unconfirmedFen: number,
  sellToCashDate: IsoDate | null,
): FundHolding {
  const f = figuresOf(p, sell.tradeDate);
  return {
    ...holdingItem(p, sell.tradeDate, f.marketValueFen + p.buyingFen + p.proceedsInTransitFen),
    locked_volume: volumeToShares(f.lockedVolume),
    unconfirmed_amount: fenText(unconfirmedFen),
    lots: p.lots.map((lot) => {
      const rate = lotRateToday(p, lot.confirmDate, sell.confirmDate);
      return {
        lot_id: String(lot.id),
        confirm_date: lot.confirmDate,
        volume: volumeToShares(lot.volume),
        locked_until: lot.lockedUntil,
        holding_days: Math.max(0, Math.round((Date.parse(today) - Date.parse(lot.confirmDate)) / 86_400_000)),
        redeem_rate: ppmToPercent(rate.ratePpm),
        cost: fenText(lot.costFen),
        source: lot.source,
        plan_id: lot.planId === null ? null : String(lot.planId),
        penalty_free_date: penaltyFreeDate(p, lot.confirmDate, rate.days),
      };
    }),
    sell_trade_date: sell.tradeDate,
    sell_confirm_date: sell.confirmDate,
    sell_arrival_date: sell.arrivalDate,
    rounding_mode: p.rounding,
    sell_to_cash_date: sellToCashDate,
  };
}

/**
 * The 7-day penalty (a redemption rate of 1.5 % or more for fewer than 7 days held, §10.4): while the lot's sale
 * now would pay it, the first day a sale confirmed then no longer does (its confirmation date + the bracket's end).
 */
function penaltyFreeDate(p: FundPosition, lotConfirmDate: string, daysAtSale: number): string | null {
  const bracket = p.withdraw.find((b) => daysAtSale >= b.lower && (b.upper === null || daysAtSale < b.upper));
  if (!bracket || bracket.upper === null || bracket.upper > 7 || (bracket.ratePpm ?? 0) < 15_000) return null;
  return addCalendarDays(lotConfirmDate as IsoDate, bracket.upper);
}

export function incomeCalendar(positions: Positions, month: string): IncomeCalendar {
  const byDay = incomeByDay(positions);
  const days = [...byDay.entries()].filter(([d]) => d.startsWith(month)).sort(([a], [b]) => a.localeCompare(b));
  const months: Array<{ month: string; income: string }> = [];
  let cursor = `${month}-01`;
  for (let i = 0; i < 12; i += 1) {
    const m = cursor.slice(0, 7);
    let sum = 0;
    for (const [d, fen] of byDay) if (d.startsWith(m)) sum += fen;
    months.unshift({ month: m, income: fenText(sum) });
    cursor = addCalendarDays(`${m}-01`, -1);
  }
  return {
    month,
    month_income: fenText(days.reduce((s, [, fen]) => s + fen, 0)),
    days: days.map(([date, fen]) => ({ date, income: fenText(fen) })),
    months,
  };
}

export type { RoundingMode };
