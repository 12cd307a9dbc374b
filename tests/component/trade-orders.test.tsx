// Orders (issue 12 §5, §7): the result page's timeline and buttons, cancel (confirm with undo_tip, then the password),
// the order list page by page, and one order in full — confirm_infos, a redemption's lots, the risk-warning evidence.
import { fireEvent, render, screen } from '@testing-library/react';
import { OrderDetailScreen, OrderListScreen, TradeResultScreen } from '@/features/trade/order-screens';
import { setLocale } from '@/locales/i18n';
import {
  button,
  clickAndSettle,
  decryptPassword,
  fail,
  fakeServer,
  listItem,
  ok,
  orderDetail,
  resetServer,
  settle,
  spyNavigation,
  typePassword,
  until,
  type FakeServer,
} from './trade-helpers';
import { fakeNativeHost, opened } from './native-host';
import { elderOn, elderReset } from './elder-helpers';

const ID = '397121338216634368';
const ORDER = `GET /djapi/fund/order/${ID}`;
const CANCEL = 'POST /djapi/order/cancel';
const LIST = 'GET /djapi/order/p/list';

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(ORDER, orderDetail());
});

afterEach(() => {
  nav.restore();
  resetServer();
});

describe('the result page', () => {
  it('inside the native app, back to my money opens its my-money tab (docs/BRIDGE.md); our page elsewhere', async () => {
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('trade-result')).toBeInTheDocument());
    const host = fakeNativeHost();
    host.enter();
    try {
      fireEvent.click(button('result-back'));
      await settle();
    } finally {
      host.leave();
    }
    expect(host.posted).toEqual([opened('myMoneyTab')]);
    expect(nav.urls()).toEqual([]);
    fireEvent.click(button('result-back'));
    await settle();
    expect(nav.urls()).toEqual(['/my-money']);
  });

  it('shows the state, the amount and the timeline as the server tells it; view order, back to my money', async () => {
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('trade-result')).toBeInTheDocument());
    expect(text('result-status')).toBe('交易进行中');
    expect(text('result-value')).toBe('买入 317.00元');
    const steps = screen.getAllByTestId('order-step');
    expect(steps.map((s) => s.textContent)).toEqual([
      '支付成功，将按03-10日净值确认份额2026-03-10 13:31',
      '基金公司确认份额，开始计算收益2026-03-11',
      '查看收益2026-03-12 18:00前',
    ]);
    expect(steps[0]).toHaveClass('purchase-steps__step--done');
    expect(steps[1]).not.toHaveClass('purchase-steps__step--done');
    expect(text('result-fee')).toBe('手续费0.38元');
    fireEvent.click(button('result-view-order'));
    fireEvent.click(button('result-back'));
    await settle();
    expect(nav.urls()).toEqual([`/n/orders/${ID}`, '/my-money']);
  });

  it('a sale shows the shares and the arrival date', async () => {
    server.on(
      ORDER,
      orderDetail({ action: '024', action_desc: '卖出', amount: '0.00', volume: '350.00', arrival_date: '2026-03-13', if_undo: 'n' }),
    );
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('trade-result')).toBeInTheDocument());
    expect(text('result-value')).toBe('卖出 350.00份');
    expect(text('result-arrival')).toBe('预计到账日2026-03-13');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });

  it('cancel: the confirm names when the money comes back, then the password; the order shows cancelled', async () => {
    server.on(CANCEL, () => ok(orderDetail({ status: 'cancelled', status_desc: '已撤单', if_undo: 'n', refund_amount: '317.00' })));
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-cancel')).toBeInTheDocument());
    fireEvent.click(button('order-cancel'));
    await settle();
    expect(text('cancel-tip')).toBe('撤单后资金预计在3月10日19点前退回到银行卡，你确定撤单吗？');
    await clickAndSettle(screen.getByText('确定撤单'));
    await until(() => expect(screen.getByText('请输入交易密码以撤单')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(text('result-status')).toBe('已撤单'));
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    const [form] = server.forms(CANCEL);
    expect(form?.get('order_id')).toBe(ID);
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
    expect(server.toasts).toContain('已撤单');
  });

  it('past the cut-off meanwhile: the server says so and the order is shown as it now is', async () => {
    let reads = 0;
    server.on(ORDER, () => ok(++reads === 1 ? orderDetail() : orderDetail({ if_undo: 'n', undo_tip: null })));
    server.on(CANCEL, () => fail(410013, '已过撤单截止时间，订单不可撤销'));
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-cancel')).toBeInTheDocument());
    fireEvent.click(button('order-cancel'));
    await settle();
    await clickAndSettle(screen.getByText('确定撤单'));
    await until(() => expect(screen.getByText('请输入交易密码以撤单')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(server.toasts).toContain('已过撤单截止时间，订单不可撤销'));
    await until(() => expect(screen.queryByTestId('order-cancel')).toBeNull());
  });

  it('keeping the order asks nothing', async () => {
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-cancel')).toBeInTheDocument());
    fireEvent.click(button('order-cancel'));
    await settle();
    await clickAndSettle(screen.getByText('暂不撤单'));
    await settle();
    expect(screen.queryByText('请输入交易密码以撤单')).toBeNull();
    expect(server.forms(CANCEL)).toHaveLength(0);
  });

  it('an unknown order says so', async () => {
    server.on(ORDER, () => fail(410014, '订单不存在', null, 404));
    render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByText('订单不存在')).toBeInTheDocument());
  });
});

describe('the order list', () => {
  it('loads page by page and opens an order', async () => {
    server.on(LIST, (_req, _form, query) => {
      const page = Number(query.get('page'));
      const items =
        page === 1
          ? [
              listItem(),
              listItem({
                order_id: 'S1',
                action: '024',
                action_desc: '卖出',
                value_desc: '100.00份',
                status: 'confirmed',
                status_desc: '交易成功',
              }),
            ]
          : [
              listItem({
                order_id: 'D1',
                action: '143',
                action_desc: '分红',
                value_desc: '12.34元',
                status: 'confirmed',
                status_desc: '交易成功',
              }),
            ];
      return ok({ current_page: page, size: 20, total_items: 3, total_pages: 2, items });
    });
    render(<OrderListScreen />);
    await until(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    const [first] = screen.getAllByTestId('order-row');
    expect(first?.textContent).toBe('买入银河沪深300价值指数2026-03-10 13:31317.00元交易进行中');
    const [request] = server.forms(LIST);
    expect(Object.fromEntries(request ?? [])).toEqual({ page: '1', size: '20', type: 'all' });
    fireEvent.click(first!);
    await settle();
    expect(nav.urls()).toEqual([`/n/orders/${ID}`]);
  });

  it('an advisory plan order is one row (ttype ic) that opens its portfolio', async () => {
    server.on(LIST, {
      current_page: 1,
      size: 20,
      total_items: 1,
      total_pages: 1,
      items: [
        listItem({
          order_id: '800000001',
          ttype: 'ic',
          plan_code: 'TIA06002',
          fd_code: '',
          code: 'TIA06002',
          name: '稳健平衡组合',
          action: '022',
          action_desc: '组合购买',
          value_desc: '10000.00元',
          status: 'sub_success',
          status_desc: '部分成功',
        }),
      ],
    });
    render(<OrderListScreen />);
    await until(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    const [row] = screen.getAllByTestId('order-row');
    expect(row?.textContent).toBe('组合购买稳健平衡组合2026-03-10 13:3110000.00元部分成功');
    expect(row?.querySelector('.trade-order__status--done')).not.toBeNull();
    fireEvent.click(row!);
    await settle();
    expect(nav.urls()).toEqual(['/ic/TIA06002']);
  });

  it('no orders: the empty box with a way to the funds', async () => {
    server.on(LIST, { current_page: 1, size: 20, total_items: 0, total_pages: 0, items: [] });
    render(<OrderListScreen />);
    await until(() => expect(screen.getByText('暂无交易记录')).toBeInTheDocument());
    fireEvent.click(button('orders-browse'));
    await settle();
    expect(nav.urls()).toEqual(['/index']);
  });

  it('inside the native app the way to the funds opens its fund home (docs/BRIDGE.md)', async () => {
    server.on(LIST, { current_page: 1, size: 20, total_items: 0, total_pages: 0, items: [] });
    render(<OrderListScreen />);
    await until(() => expect(screen.getByText('暂无交易记录')).toBeInTheDocument());
    const host = fakeNativeHost();
    host.enter();
    try {
      fireEvent.click(button('orders-browse'));
      await settle();
    } finally {
      host.leave();
    }
    expect(host.posted).toEqual([opened('fundHome')]);
    expect(nav.urls()).toEqual([]);
  });

  it('a failure: the reason and a retry that works', async () => {
    let calls = 0;
    server.on(LIST, () =>
      ++calls === 1
        ? fail(500001, '服务繁忙，请稍后再试', null, 500)
        : ok({ current_page: 1, size: 20, total_items: 1, total_pages: 1, items: [listItem()] }),
    );
    render(<OrderListScreen />);
    await until(() => expect(screen.getByText('服务繁忙，请稍后再试')).toBeInTheDocument());
    fireEvent.click(screen.getByText('点击重试'));
    await until(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
  });
});

describe('one order', () => {
  it('a confirmed purchase in full: figures as sent in one block and one format, the card, the risk-warning evidence', async () => {
    server.on(
      ORDER,
      orderDetail({
        status: 'confirmed',
        status_desc: '申购完成',
        if_undo: 'n',
        amount: '10000.00',
        confirm_amount: '10000.00',
        confirm_volume: '6203.48',
        confirm_nav: '1.6000',
        fee: '74.44',
        income_date: '2026-03-12',
        confirm_infos: [
          [
            '确认信息',
            '确认金额,317.00元',
            '确认份额,197.89份',
            '确认净值,1.6000',
            '净值日期,2026-03-10',
            '确认日期,2026-03-11',
            '手续费,0.38元',
          ],
        ],
        risk_warning: { text: '该基金风险等级R4高于您的风险承受能力C3', accepted_at: '2026-03-10 13:30:58' },
      }),
    );
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-status')).toBe('申购完成');
    expect(text('order-id')).toBe(`订单号${ID}`);
    expect(text('order-value')).toBe('申请金额10,000.00元');
    expect(text('order-confirm-amount')).toBe('确认金额10,000.00元');
    expect(text('order-confirm-volume')).toBe('确认份额6,203.48份');
    expect(text('order-confirm-nav')).toBe('确认净值1.6000');
    expect(text('order-fee')).toBe('手续费74.44元');
    expect(text('order-rate')).toBe('费率0.12%');
    expect(text('order-income-date')).toBe('收益起始日2026-03-12');
    expect(text('order-card')).toBe('支付方式招商银行 6214********2565');
    expect(text('order-created')).toBe('下单时间2026-03-10 13:31');
    // Issue 28: the answer's confirm_infos repeated 订单信息 in another format (10000.00元): not drawn, each figure once.
    expect(screen.queryByTestId('order-confirm-infos')).toBeNull();
    expect(document.body.textContent?.match(/74\.44/g)).toHaveLength(1);
    expect(document.body.textContent).not.toContain('10000.00');
    expect(screen.queryByTestId('order-source')).toBeNull();
    expect(text('order-risk-warning')).toContain('该基金风险等级R4高于您的风险承受能力C3');
    expect(text('order-risk-warning')).toContain('确认时间 2026-03-10 13:30:58');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    fireEvent.click(button('order-fund'));
    await settle();
    expect(nav.urls()).toEqual(['/funding/519671']);
  });

  it('a 定投 run says so and links its plan; a purchase paid by 现金宝 says so', async () => {
    server.on(
      ORDER,
      orderDetail({ status: 'confirmed', action_desc: '定投买入', source: 'plan', plan_id: '42', pay_method: 'bankcard', if_undo: 'n' }),
    );
    const first = render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-source')).toBe('来源定投计划 ›');
    fireEvent.click(button('order-plan-link'));
    await settle();
    expect(nav.urls()).toEqual(['/autoinvesment/detail/42']);
    first.unmount();
    server.on(ORDER, orderDetail({ status: 'confirmed', action_desc: '现金宝买入', source: 'cash', pay_method: 'xjb', if_undo: 'n' }));
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-source')).toBe('来源现金宝支付');
    expect(screen.queryByTestId('order-plan-link')).toBeNull();
  });

  it("a redemption lists each lot's part; a failed one says why", async () => {
    server.on(
      ORDER,
      orderDetail({
        action: '024',
        action_desc: '卖出',
        order_type_name: '赎回',
        amount: '0.00',
        volume: '600.00',
        status: 'failed',
        status_desc: '交易失败',
        fail_reason: '基金公司确认失败',
        arrival_date: '2026-03-13',
        if_undo: 'n',
        bank_name: '招商银行(2565)',
        bankcard_no: '****2565',
        lots: [
          { confirm_date: '2025-12-01', volume: '500.00', holding_days: 100, rate: '0.50', fee: '4.13' },
          { confirm_date: '2026-03-05', volume: '100.00', holding_days: 6, rate: '1.50', fee: '2.48' },
        ],
      }),
    );
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-value')).toBe('申请份额600.00份');
    expect(text('order-arrival-date')).toBe('预计到账日2026-03-13');
    expect(text('order-fail-reason')).toBe('失败原因基金公司确认失败');
    // A bank name that already names the card's last digits is not followed by them again.
    expect(text('order-card')).toBe('到账银行卡招商银行(2565)');
    expect(screen.getAllByTestId('order-lot').map((l) => l.textContent)).toEqual([
      '2025-12-01 确认 · 持有 100 天500.00 份 · 费率 0.50% · 手续费 4.13元',
      '2026-03-05 确认 · 持有 6 天100.00 份 · 费率 1.50% · 手续费 2.48元',
    ]);
  });

  it('a pension order names the 个人养老金资金账户 as payer and payee, never a card (issue 24)', async () => {
    server.on(
      ORDER,
      orderDetail({
        action: '024',
        action_desc: '养老金卖出',
        order_type_name: '赎回',
        amount: '0.00',
        volume: '600.00',
        arrival_date: '2026-03-13',
        if_undo: 'n',
        bank_name: null,
        bankcard_no: null,
        pay_method: 'pension',
        sell_to: 'pension',
      }),
    );
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-card')).toBe('到账账户个人养老金资金账户');
  });

  it('a pension Y class’s cash dividend: paid into the 个人养老金资金账户', async () => {
    server.on(
      ORDER,
      orderDetail({
        action: '143',
        action_desc: '分红',
        order_type_name: '分红',
        if_undo: 'n',
        bank_name: null,
        bankcard_no: null,
        pay_method: 'pension',
        sell_to: null,
      }),
    );
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-card')).toBe('到账账户个人养老金资金账户');
  });

  it('cancel from the detail while it is allowed', async () => {
    server.on(CANCEL, () => ok(orderDetail({ status: 'cancelled', status_desc: '已撤单', if_undo: 'n', refund_amount: '317.00' })));
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-cancel')).toBeInTheDocument());
    fireEvent.click(button('order-cancel'));
    await settle();
    await clickAndSettle(screen.getByText('确定撤单'));
    await until(() => expect(screen.getByText('请输入交易密码以撤单')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(text('order-status')).toBe('已撤单'));
    expect(text('order-refund')).toBe('退款金额317.00元');
  });

  it('not logged in: the login prompt', async () => {
    server.on(ORDER, () => fail(300001, '请重新登录', null, 401));
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByText('登录后查看交易记录')).toBeInTheDocument());
  });

  describe('in elder mode 关怀版 (issue 26)', () => {
    afterEach(() => elderReset());
    const purchase = () =>
      orderDetail({
        status: 'confirmed',
        if_undo: 'n',
        amount: '10000.00',
        confirm_amount: '10000.00',
        confirm_volume: '6203.48',
        confirm_nav: '1.6000',
        fee: '74.44',
        income_date: '2026-03-12',
        risk_warning: { text: '该基金风险等级R4高于您的风险承受能力C3', accepted_at: '2026-03-10 13:30:58' },
      });

    it('labels the figures and dates in plain words, the figures unchanged', async () => {
      elderOn();
      server.on(ORDER, purchase());
      render(<OrderDetailScreen orderId={ID} />);
      await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
      expect(text('order-value')).toBe('下单的金额10,000.00元');
      expect(text('order-confirm-amount')).toBe('实际成交的钱10,000.00元');
      expect(text('order-confirm-volume')).toBe('到账的份数6,203.48份');
      expect(text('order-confirm-nav')).toBe('成交时的每份价格1.6000');
      expect(text('order-fee')).toBe('手续费74.44元');
      expect(text('order-rate')).toBe('手续费比例0.12%');
      expect(text('order-trade-date')).toMatch(/^按哪天的价格成交/);
      expect(text('order-confirm-date')).toMatch(/^成交确认的日子/);
      expect(text('order-income-date')).toBe('哪天开始有收益2026-03-12');
      expect(text('order-risk-warning')).toContain('我确认过的风险提示');
      // The evidence itself is the server's record: never reworded.
      expect(text('order-risk-warning')).toContain('该基金风险等级R4高于您的风险承受能力C3');
      // Our labels only: the progress steps are the server's words.
      for (const jargon of ['申请金额', '确认份额', '确认净值', '费率', '收益起始日']) expect(text('order-fields')).not.toContain(jargon);
    });

    it('a sale in English: shares ordered and when the money arrives', async () => {
      setLocale('en-US');
      elderOn();
      server.on(ORDER, orderDetail({ action: '024', volume: '100.00', amount: '0.00', arrival_date: '2026-03-13', if_undo: 'n' }));
      render(<OrderDetailScreen orderId={ID} />);
      await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
      expect(text('order-value')).toMatch(/^Shares ordered/);
      expect(text('order-arrival-date')).toBe('Money arrives about2026-03-13');
    });
  });
});
