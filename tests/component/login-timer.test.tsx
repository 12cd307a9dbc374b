// docs/PRODUCT.md §4 "SMS resend timer": 30 s down to below zero, the button disabled and reading "resend (n)",
// then 1 s later the voice-verification confirm; confirm re-sends by voice, cancel dismisses. Fake timers.
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SmsCodeField } from '@/features/account/components/sms-code-field';
import { setLocale } from '@/locales/i18n';
import { buttonWithText, click, flush, isDisabled } from './login-helpers';

function Harness({ sendCode, autoSend }: { sendCode: (phone: string, voice: boolean) => Promise<boolean>; autoSend?: boolean }) {
  const [code, setCode] = useState('');
  return <SmsCodeField phone='13812345678' value={code} onChange={setCode} sendCode={sendCode} autoSend={autoSend} />;
}

const VOICE_PROMPT = "Can't get the code? Try voice verification... you will receive a call from the stock-community provider";

async function tick(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

describe('resend timer and voice prompt', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setLocale('en-US');
  });
  afterEach(() => {
    jest.useRealTimers();
    setLocale('zh-CN');
  });

  it('counts 30 → 0 with the button disabled, then enables "resend"; the voice offer comes 1 s later', async () => {
    const sendCode = jest.fn().mockResolvedValue(true);
    render(<Harness sendCode={sendCode} />);
    const first = buttonWithText('Get code');
    expect(isDisabled(first)).toBe(false);
    click(first);
    await flush();
    expect(sendCode).toHaveBeenCalledWith('13812345678', false);

    expect(isDisabled(buttonWithText('resend (30)'))).toBe(true);
    await tick(1000);
    expect(isDisabled(buttonWithText('resend (29)'))).toBe(true);
    await tick(29_000);
    expect(isDisabled(buttonWithText('resend (0)'))).toBe(true);
    // A tap during the countdown sends nothing.
    click(buttonWithText('resend (0)'));
    await flush();
    expect(sendCode).toHaveBeenCalledTimes(1);

    await tick(1000); // below zero: over
    expect(isDisabled(buttonWithText('resend'))).toBe(false);
    expect(screen.queryByText(VOICE_PROMPT)).toBeNull();
    await tick(999);
    expect(screen.queryByText(VOICE_PROMPT)).toBeNull();
    await tick(1);
    expect(screen.getByText(VOICE_PROMPT)).toBeInTheDocument();
  });

  it('confirm re-sends by voice and restarts the countdown', async () => {
    const sendCode = jest.fn().mockResolvedValue(true);
    render(<Harness sendCode={sendCode} autoSend />);
    await flush();
    expect(sendCode).toHaveBeenCalledWith('13812345678', false);
    await tick(31_000 + 1000);
    click(buttonWithText('Voice verification'));
    await flush();
    expect(sendCode).toHaveBeenLastCalledWith('13812345678', true);
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(isDisabled(buttonWithText('resend (30)'))).toBe(true);
    await tick(500);
    expect(screen.queryByText(VOICE_PROMPT)).toBeNull();
  });

  it('cancel dismisses the offer without sending', async () => {
    const sendCode = jest.fn().mockResolvedValue(true);
    render(<Harness sendCode={sendCode} autoSend />);
    await flush();
    await tick(32_000);
    click(buttonWithText('Cancel'));
    await tick(500);
    expect(screen.queryByText(VOICE_PROMPT)).toBeNull();
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(isDisabled(buttonWithText('resend'))).toBe(false);
  });

  it('a failed send starts no countdown', async () => {
    const sendCode = jest.fn().mockResolvedValue(false);
    render(<Harness sendCode={sendCode} />);
    click(buttonWithText('Get code'));
    await flush();
    expect(isDisabled(buttonWithText('Get code'))).toBe(false);
    await tick(40_000);
    expect(screen.queryByText(VOICE_PROMPT)).toBeNull();
  });
});
