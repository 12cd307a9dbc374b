// The purchase kit (src/components/purchase/): the amount keypad's input rules, the payment picker (现金宝 unavailable
// at 0.00 or short of the amount), the password step (a wrong password keeps the dialog with the server's words,
// another refusal closes it and is the form's to show), the request id of an intent.
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { PaymentPicker, cashOption, type PaymentOption } from '@/components/purchase/payment-picker';
import { usePurchasePassword, type PasswordOrderOutcome } from '@/components/purchase/purchase-password';
import { Gate, Notice } from '@/components/purchase/purchase-parts';
import { REQUEST_ID_PATTERN, newRequestId, useRequestIntent, type RequestIntent } from '@/components/purchase/request-id';
import { deleteKey, typeKey } from '@/lib/amount-keys';
import { setLocale } from '@/locales/i18n';
import { post } from '@/platform/http';
import { decryptPassword, fail, fakeServer, ok, resetServer, settle, type FakeServer } from './trade-helpers';

function tap(key: Element): void {
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

function press(keys: string, keypad = '.kit-keypad'): void {
  for (const char of keys) {
    const key =
      char === '<'
        ? document.querySelector(`${keypad} .key.delete`)
        : [...document.querySelectorAll(`${keypad} .key`)].find((el) => el.textContent === char);
    if (!key) throw new Error(`no key ${char}`);
    act(() => tap(key));
  }
}

function KeypadForm({ prefix, suffix }: { prefix?: string; suffix?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(true);
  return (
    <AmountKeypad
      testId='kit-amount'
      keypadClassName='kit-keypad'
      value={text}
      onChange={setText}
      prefix={prefix}
      suffix={suffix}
      placeholder='最低 10.00 元'
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      keypadTitle='输入买入金额'
      doneText='完成'
    />
  );
}

const typed = () => screen.queryByTestId('kit-amount-value')?.textContent ?? '';

describe('AmountKeypad', () => {
  it('shows the placeholder, then what is typed after ¥', () => {
    render(<KeypadForm />);
    expect(screen.getByTestId('kit-amount')).toHaveTextContent('¥最低 10.00 元');
    press('1000');
    expect(screen.getByTestId('kit-amount')).toHaveTextContent('¥1000');
    expect(typed()).toBe('1000');
  });

  it('refuses a second point, a third decimal and a tenth integer digit; replaces a leading zero', () => {
    render(<KeypadForm />);
    press('0');
    press('5');
    expect(typed()).toBe('5');
    press('.');
    press('.');
    press('123');
    expect(typed()).toBe('5.12');
    press('<<<<');
    expect(typed()).toBe('');
    press('.');
    expect(typed()).toBe('0.');
    press('<<');
    press('1234567890');
    expect(typed()).toBe('123456789');
  });

  it('puts the suffix after a typed number only, and no ¥ when the prefix is empty', () => {
    render(<KeypadForm prefix='' suffix='份' />);
    expect(screen.getByTestId('kit-amount')).toHaveTextContent(/^最低 10.00 元$/);
    press('12.5');
    expect(screen.getByTestId('kit-amount')).toHaveTextContent(/^12.5份$/);
  });

  it('closes on 完成 and opens again on a tap of the field', () => {
    render(<KeypadForm />);
    expect(document.querySelector('.purchase-keypad-field--open')).not.toBeNull();
    fireEvent.click(screen.getByText('完成'));
    expect(document.querySelector('.purchase-keypad-field--open')).toBeNull();
    fireEvent.click(screen.getByTestId('kit-amount'));
    expect(document.querySelector('.purchase-keypad-field--open')).not.toBeNull();
  });

  it('typeKey refuses any other key; deleteKey of nothing is nothing', () => {
    expect(typeKey('12', 'x')).toBe('12');
    expect(typeKey('12', '')).toBe('12');
    expect(deleteKey('')).toBe('');
  });
});

type Way = 'bankcard' | 'xjb';

const CARD: PaymentOption<Way> = {
  method: 'bankcard',
  testId: 'kit-pay-card',
  name: '招商银行（尾号2565）',
  lines: [{ text: '单笔限额 50,000.00 元，单日限额 200,000.00 元' }],
};

function cash(available: string, amountFen: number | null, mustCover = true): PaymentOption<Way> {
  return cashOption<Way>({
    method: 'xjb',
    testId: 'kit-pay-xjb',
    availableTestId: 'kit-xjb-available',
    available,
    amountFen,
    mustCover,
    texts: { name: '现金宝', available: `可用 ${available} 元`, short: `余额不足，可用 ${available} 元`, note: '扣款日从现金宝支付' },
  });
}

function Picker({
  options,
  start = 'bankcard' as Way,
  onChoose,
}: {
  options: PaymentOption<Way>[];
  start?: Way;
  onChoose?: (w: Way) => void;
}) {
  const [way, setWay] = useState<Way>(start);
  return (
    <PaymentPicker
      label='支付方式'
      options={options}
      value={way}
      onChoose={(next) => {
        onChoose?.(next);
        setWay(next);
      }}
    />
  );
}

describe('PaymentPicker', () => {
  it('offers the card and 现金宝 as radios, one checked, and switches on a tap', () => {
    render(<Picker options={[CARD, cash('2345.67', null)]} />);
    expect(screen.getByRole('radiogroup', { name: '支付方式' })).toBeInTheDocument();
    expect(screen.getByTestId('kit-pay-card')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('kit-pay-xjb')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('kit-xjb-available')).toHaveTextContent('可用 2345.67 元');
    fireEvent.click(screen.getByTestId('kit-pay-xjb'));
    expect(screen.getByTestId('kit-pay-xjb')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('kit-pay-card')).toHaveAttribute('aria-checked', 'false');
  });

  it('shows 现金宝 at 0.00 available as unavailable: aria-disabled, its balance as the problem, not chosen on a tap', () => {
    const onChoose = jest.fn();
    render(<Picker options={[CARD, cash('0.00', null)]} onChoose={onChoose} />);
    const xjb = screen.getByTestId('kit-pay-xjb');
    expect(xjb).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('kit-xjb-available')).toHaveTextContent('余额不足，可用 0.00 元');
    fireEvent.click(xjb);
    expect(onChoose).not.toHaveBeenCalled();
    expect(xjb).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('kit-pay-card')).toHaveAttribute('aria-checked', 'true');
  });

  it('makes 现金宝 unavailable when the amount is above its balance, available when it covers it', () => {
    const { rerender } = render(<Picker options={[CARD, cash('100.00', 10001)]} />);
    expect(screen.getByTestId('kit-pay-xjb')).toHaveAttribute('aria-disabled', 'true');
    rerender(<Picker options={[CARD, cash('100.00', 10000)]} />);
    expect(screen.getByTestId('kit-pay-xjb')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('kit-xjb-available')).toHaveTextContent('可用 100.00 元');
  });

  it('leaves 现金宝 choosable at 0.00 when the form checks the amount itself (mustCover false)', () => {
    render(<Picker options={[CARD, cash('0.00', null, false)]} />);
    fireEvent.click(screen.getByTestId('kit-pay-xjb'));
    expect(screen.getByTestId('kit-pay-xjb')).toHaveAttribute('aria-checked', 'true');
  });

  it('shows a single way as information, with nothing to choose', () => {
    render(<Picker options={[CARD]} />);
    expect(screen.getByTestId('kit-pay-card')).not.toHaveAttribute('role');
    expect(screen.getByTestId('kit-pay-card')).toHaveTextContent('招商银行（尾号2565）单笔限额 50,000.00 元，单日限额 200,000.00 元');
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('Gate and Notice', () => {
  it('a gate names the way past it and takes it on a tap', () => {
    const onAction = jest.fn();
    render(<Gate testId='kit-gate' title='登录后即可交易' description='开户只需几分钟' action='去登录' onAction={onAction} />);
    expect(screen.getByTestId('kit-gate')).toHaveTextContent('登录后即可交易开户只需几分钟去登录');
    fireEvent.click(screen.getByTestId('kit-gate-action'));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('a warning or a refusal is an alert; information is not', () => {
    render(
      <>
        <Notice testId='kit-warn'>风险较高</Notice>
        <Notice testId='kit-info' tone='info'>
          已过 15:00
        </Notice>
      </>,
    );
    expect(screen.getByTestId('kit-warn')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('kit-info')).not.toHaveAttribute('role');
  });
});

// ---- the password step -----------------------------------------------------------------------------------------

function passwordKey(char: string): Element {
  const key = [...document.querySelectorAll('.nut-numberkeyboard .key')].find((el) => el.textContent === char);
  if (!key) throw new Error(`no password key ${char}`);
  return key;
}

async function typePassword(password: string): Promise<void> {
  for (const char of password) act(() => tap(passwordKey(char)));
  await settle(80);
}

let outcomes: PasswordOrderOutcome<{ order_id: string }>[] = [];

function PasswordForm() {
  const password = usePurchasePassword();
  const pay = async () => {
    const outcome = await password.run({ payee: '芷汀稳健增长混合A', amount: '1000.00' }, (encrypted) =>
      post<{ order_id: string }>('/djapi/order/buy', { trade_password: encrypted }, { silent: true }),
    );
    outcomes.push(outcome);
  };
  return (
    <>
      <button type='button' onClick={() => void pay()}>
        pay
      </button>
      {password.dialog}
    </>
  );
}

describe('usePurchasePassword', () => {
  let server: FakeServer;
  beforeEach(() => {
    server = fakeServer();
    outcomes = [];
  });
  afterEach(() => {
    resetServer();
    setLocale('zh-CN');
  });

  it('keeps the dialog open on a wrong password with the server’s words, then places the order with the right one', async () => {
    const answers = [fail(400051, '交易密码错误，还可以输入4次'), ok({ order_id: 'o-1' })];
    server.on('POST /djapi/order/buy', () => answers.shift()!);
    render(<PasswordForm />);
    fireEvent.click(screen.getByText('pay'));
    await settle();
    expect(screen.getByText('请输入交易密码')).toBeInTheDocument();
    await typePassword('111111');
    expect(screen.getByText('交易密码错误，还可以输入4次')).toBeInTheDocument();
    expect(outcomes).toEqual([]);
    await typePassword('123456');
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: true, value: { order_id: 'o-1' } });
    const sent = server.forms('POST /djapi/order/buy').map((form) => decryptPassword(form.get('trade_password') ?? ''));
    expect(sent).toEqual(['111111', '123456']);
  });

  it('closes on any other refusal (locked) and hands it to the form', async () => {
    server.on('POST /djapi/order/buy', () => fail(400052, '交易密码已锁定，请 30 分钟后再试'));
    render(<PasswordForm />);
    fireEvent.click(screen.getByText('pay'));
    await settle();
    await typePassword('111111');
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: false, cancelled: false });
    expect(screen.queryByText('交易密码已锁定，请 30 分钟后再试')).toBeNull();
  });

  it('resolves as cancelled when the user closes the dialog, sending nothing', async () => {
    server.on('POST /djapi/order/buy', () => ok({ order_id: 'never' }));
    render(<PasswordForm />);
    fireEvent.click(screen.getByText('pay'));
    await settle();
    fireEvent.click(screen.getByText('取消'));
    await settle();
    expect(outcomes).toEqual([{ ok: false, cancelled: true }]);
    expect(server.forms('POST /djapi/order/buy')).toHaveLength(0);
  });
});

// ---- request ids ------------------------------------------------------------------------------------------------

describe('request ids', () => {
  it('newRequestId: the kind, then a shape the server takes, never the same twice', async () => {
    const a = await newRequestId('buy');
    const b = await newRequestId('buy');
    expect(a).toMatch(/^buy-/);
    expect(a).toMatch(REQUEST_ID_PATTERN);
    expect(b).not.toBe(a);
  });

  it('useRequestIntent keeps the id for the same key after a lost answer, a new one after a final answer', async () => {
    let intent: RequestIntent<string> | null = null;
    function Holder() {
      intent = useRequestIntent<string>('aip');
      return null;
    }
    render(<Holder />);
    const first = await intent!.idFor('1000.00', '1000.00');
    expect(await intent!.idFor('1000.00', '1000.00')).toBe(first);
    intent!.settle({ ok: false, cancelled: false, error: new Error('timeout'), encrypted: null });
    expect(await intent!.idFor('1000.00', '1000.00')).toBe(first);
    expect(intent!.current()).toMatchObject({ key: '1000.00', requestId: first });
    const other = await intent!.idFor('2000.00', '2000.00');
    expect(other).not.toBe(first);
    intent!.settle({ ok: true, value: null, encrypted: 'x' });
    expect(intent!.current()).toBeNull();
    expect(await intent!.idFor('2000.00', '2000.00')).not.toBe(other);
  });
});
