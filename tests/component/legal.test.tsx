// Issue 17: the agreement pages render every section with the operator's brand filled in, the certification form
// shows the four agreements and sends their versions only once ticked, and customer service shows the brand's
// hours and phone and sends a validated message.
import { act, cleanup, render, screen } from '@testing-library/react';
import { AgreementListScreen, AgreementScreen } from '@/features/legal/agreement-screens';
import { CustomerServiceScreen } from '@/features/legal/service-screen';
import { CertificationForm } from '@/features/account/components/certification-form';
import { formatAcceptedAgreements } from '@/lib/agreements';
import { brandToWire, DEFAULT_BRAND } from '@/lib/brand';
import { setLocale } from '@/locales/i18n';
import { resetBrandForTests } from '@/platform/brand';
import { idCardCheckChar, luhnValid } from '@/lib/validators';
import { privacyPolicy } from '@/features/legal/documents/privacy';
import { riskDisclosure } from '@/features/legal/documents/risk-disclosure';
import { fundSaleAgreement } from '@/features/legal/documents/fund-sale';
import { serviceAgreement } from '@/features/legal/documents/service';
import { buttonWithText, click, flush, inputNamed, typeInto } from './login-helpers';
import { fail, fakeServer, resetServer, spyNavigation, type FakeServer } from './trade-helpers';
import { fakeNativeHost, opened } from './native-host';

const OTHER_BRAND = {
  ...brandToWire(DEFAULT_BRAND),
  name: '示例财富',
  company: '示例财富基金销售有限公司',
  service_phone: '400-123-4567',
  service_hours: '工作日 8:30–17:30',
};

// A slow shared machine: NutUI's first renders take seconds here.
jest.setTimeout(30_000);

/** Types into the NutUI TextArea the way Taro's textarea reports it. */
function typeMessage(value: string): void {
  const area = document.querySelector('.legal-service__message taro-textarea-core') ?? document.querySelector('taro-textarea-core');
  if (!area) throw new Error(`no textarea in ${document.querySelector('.legal-service__message')?.outerHTML.slice(0, 300)}`);
  act(() => {
    area.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }));
  });
}

let server: FakeServer;
beforeEach(() => {
  resetBrandForTests();
  server = fakeServer();
  server.on('GET /djapi/platform/brand', OTHER_BRAND);
});
afterEach(() => {
  cleanup();
  resetServer();
  resetBrandForTests();
  setLocale('zh-CN');
});

describe('agreement pages', () => {
  const documents = {
    service: serviceAgreement,
    privacy: privacyPolicy,
    'risk-disclosure': riskDisclosure,
    'fund-sale': fundSaleAgreement,
  };

  for (const [id, text] of Object.entries(documents)) {
    it(`${id}: every section heading, the version and the configured company`, async () => {
      render(<AgreementScreen id={id} />);
      await flush();
      for (const section of text['zh-CN']) expect(screen.getByText(section.heading)).toBeInTheDocument();
      expect(screen.getByText('版本 2026.1 · 生效日期 2026-11-20')).toBeInTheDocument();
      expect(screen.getByText('运营方：示例财富基金销售有限公司')).toBeInTheDocument();
      // No placeholder left unfilled, no real seller's name.
      expect(document.body.textContent).not.toMatch(/\{(company|name|phone|hours|email|address|licence|short)\}/);
      expect(document.body.textContent).not.toMatch(/蛋卷|雪球/);
    });
  }

  it('the privacy policy names what is collected, how long it is kept, the rights and the 15 working days', async () => {
    render(<AgreementScreen id='privacy' />);
    await flush();
    const body = document.body.textContent ?? '';
    for (const phrase of [
      '身份证件号码',
      '银行卡号',
      '至少保存20年',
      '不少于20年',
      '转移（导出）',
      '删除',
      '撤回同意',
      '注销账户',
      '15个工作日',
      '未成年人',
      '不会向境外提供',
      '400-123-4567',
    ])
      expect(body).toContain(phrase);
  });

  it('the risk disclosure says a money-market fund is not a deposit, past performance, QDII currency, suitability', async () => {
    render(<AgreementScreen id='risk-disclosure' />);
    await flush();
    const body = document.body.textContent ?? '';
    for (const phrase of [
      '货币市场基金不等同于银行存款',
      '过往业绩及其净值高低并不预示其未来业绩表现',
      '汇率风险',
      '流动性风险',
      '信用风险',
      '管理风险',
      'R1至R5',
      'C1至C5',
    ])
      expect(body).toContain(phrase);
  });

  it('in English the same sections, in English', async () => {
    setLocale('en-US');
    render(<AgreementScreen id='fund-sale' />);
    await flush();
    for (const section of fundSaleAgreement['en-US']) expect(screen.getByText(section.heading)).toBeInTheDocument();
    expect(document.body.textContent).toContain('15:00');
  });

  it('an unknown agreement says so, with the way to the list', () => {
    render(<AgreementScreen id='terms' />);
    expect(screen.getByText('没有这份协议：terms')).toBeInTheDocument();
    expect(screen.getByText('查看全部协议与政策')).toBeInTheDocument();
  });

  it('the list shows what the logged-in investor accepted, when (Shanghai time) and where (login or opening)', async () => {
    server.on('GET /djapi/account/agreements', {
      current: [],
      accepted: [
        { agreement_id: 'privacy', version: '2026.1', context: 'login', accepted_at: '2026-11-26T02:05:00.000Z' },
        { agreement_id: 'service', version: '2025.1', context: 'login', accepted_at: '2025-01-02T01:00:00.000Z' },
        { agreement_id: 'fund-sale', version: '2026.1', context: 'opening', accepted_at: '2026-11-27T08:30:00.000Z' },
      ],
    });
    render(<AgreementListScreen loggedIn />);
    await flush();
    await flush();
    const titles = ['用户服务协议', '隐私政策', '基金投资风险揭示书', '基金销售服务协议'];
    const row = (title: string) => document.querySelector(`.legal-records__item:nth-child(${titles.indexOf(title) + 1})`)!.textContent;
    expect(row('隐私政策')).toBe('《隐私政策》已于 2026-11-26 10:05 登录时同意（版本 2026.1）');
    expect(row('用户服务协议')).toBe('《用户服务协议》已于 2025-01-02 09:00 登录时同意（版本 2025.1）（已有新版本 2026.1）');
    expect(row('基金销售服务协议')).toBe('《基金销售服务协议》已于 2026-11-27 16:30 开户时同意（版本 2026.1）');
    // Not yet accepted: the risk disclosure is asked for at opening only.
    expect(row('基金投资风险揭示书')).toBe('《基金投资风险揭示书》尚未同意（开户时确认）');
  });

  it('a document not yet accepted says when it will be asked for: the login tick, or account opening', async () => {
    setLocale('en-US');
    server.on('GET /djapi/account/agreements', { current: [], accepted: [] });
    render(<AgreementListScreen loggedIn />);
    await flush();
    await flush();
    const rows = [...document.querySelectorAll('.legal-records__item .legal-list__accepted')].map((n) => n.textContent);
    const atLogin = 'Not accepted yet (you accept it when you log in or open your account)';
    const atOpening = 'Not accepted yet (you accept it when opening your account)';
    expect(rows).toEqual([atLogin, atLogin, atOpening, atOpening]);
  });
});

describe('the certification form records the agreements', () => {
  function fillValidForm(): void {
    const first17 = '11010119900307123';
    typeInto(inputNamed('real_name'), '张三');
    typeInto(inputNamed('id_no'), first17 + idCardCheckChar(first17));
    const partial = '622202000000000000';
    const card = [...'0123456789'].map((d) => partial + d).find((c) => luhnValid(c))!;
    typeInto(inputNamed('bank_card_no'), card);
    typeInto(inputNamed('reserved_phone'), '13812345678');
    typeInto(inputNamed('bank_code_sms'), '1234');
  }

  it('lists the four agreements (each opens its page) and refuses to send before the tick', async () => {
    sessionStorage.clear();
    const navigation = spyNavigation();
    server.on('POST /djapi/account/open/certification', {
      real_name_masked: '*三',
      id_no_masked: '1***3',
      bank_code: 'ICBC',
      card_tail: '0000',
    });
    server.on('GET /djapi/account', { user: { certified: true } });
    const onCertified = jest.fn();
    render(<CertificationForm onCertified={onCertified} />);
    for (const title of ['《用户服务协议》', '《隐私政策》', '《基金投资风险揭示书》', '《基金销售服务协议》'])
      expect(screen.getByText(title)).toBeInTheDocument();
    click(screen.getByText('《隐私政策》'));
    expect(navigation.urls().at(-1)).toContain('/n/agreements/privacy');
    fillValidForm();
    await act(async () => click(buttonWithText('提交开户')));
    expect(screen.getByText('开户前请阅读并勾选同意以上协议')).toBeInTheDocument();
    expect(server.forms('POST /djapi/account/open/certification')).toHaveLength(0);

    click(document.querySelector('.account-cert__agreements .nut-checkbox')!);
    expect(screen.queryByText('开户前请阅读并勾选同意以上协议')).toBeNull();
    await act(async () => click(buttonWithText('提交开户')));
    await flush();
    const [form] = server.forms('POST /djapi/account/open/certification');
    expect(form?.get('agreements')).toBe(formatAcceptedAgreements());
    navigation.restore();
  });
});

describe('customer service', () => {
  it('inside the native app the chat is its own, told the entry page; no chat button in a browser without a chat URL', async () => {
    const { unmount } = render(<CustomerServiceScreen chatUrl={null} />);
    await flush();
    expect(screen.queryByText('打开在线客服')).toBeNull();
    unmount();
    const navigation = spyNavigation();
    const host = fakeNativeHost();
    host.enter();
    try {
      render(<CustomerServiceScreen chatUrl='https://chat.example.com/' entryPage='/funding/110011' />);
      await flush();
      await act(async () => click(buttonWithText('打开在线客服')));
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      host.leave();
      navigation.restore();
    }
    expect(host.posted.filter((m) => m.action === 'nav.open')).toEqual([opened('chat', { entryPage: '/funding/110011' })]);
    expect(navigation.urls()).toEqual([]);
  });

  it('shows the configured hours and phone, once', async () => {
    render(<CustomerServiceScreen chatUrl={null} />);
    await flush();
    expect(screen.getByText('服务时间：工作日 8:30–17:30')).toBeInTheDocument();
    expect(screen.getByText('400-123-4567')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('暂未开通');
    expect(document.body.textContent).not.toContain('9:00–21:00');
  });

  it('validates the message and the contact, then sends and confirms with the ticket', async () => {
    server.on('POST /djapi/service/messages', { ticket: 'KF00000042', contact_masked: '139****5678' });
    render(<CustomerServiceScreen chatUrl={null} />);
    await act(async () => click(buttonWithText('提交留言')));
    expect(screen.getByText('请填写问题描述')).toBeInTheDocument();
    expect(screen.getByText('请填写正确的手机号或邮箱，方便客服联系您')).toBeInTheDocument();
    expect(server.forms('POST /djapi/service/messages')).toHaveLength(0);

    click(screen.getByText('买卖与到账'));
    typeMessage('赎回三天还没到账');
    typeInto(inputNamed('contact'), '13912345678');
    await act(async () => click(buttonWithText('提交留言')));
    await flush();
    const [form] = server.forms('POST /djapi/service/messages');
    expect(form?.get('topic')).toBe('trade');
    expect(form?.get('contact')).toBe('13912345678');
    expect(screen.getByText('留言已提交，受理编号 KF00000042。客服会在服务时间内通过 139****5678 联系您。')).toBeInTheDocument();
  });

  it('a refusal of the server is shown in the form', async () => {
    server.on('POST /djapi/service/messages', () => fail(429001, '请求过于频繁，请稍后再试', null, 429));
    render(<CustomerServiceScreen chatUrl={null} />);
    typeMessage('定投可以改金额吗？');
    typeInto(inputNamed('contact'), 'a@example.com');
    await act(async () => click(buttonWithText('提交留言')));
    await flush();
    expect(screen.getByText('提交失败：请求过于频繁，请稍后再试')).toBeInTheDocument();
  });
});
