import { useCallback, useEffect, useRef, useState } from 'react';
import { SMS_RESEND_COUNTDOWN_S, VOICE_PROMPT_DELAY_MS } from '@/lib/constants';
import { t } from '@/locales/account';

/** The timer functions the countdown uses; injectable so tests (or a demo clock) can drive time. */
export interface TimerFunctions {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Looked up at call time, so jest's fake timers and Playwright's clock (installed later) are the ones used.
export const globalTimers: TimerFunctions = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ResendTimerOptions {
  /** Countdown length in seconds (docs/PRODUCT.md §9: 30). */
  seconds?: number;
  /** The voice offer comes this long after the countdown ends (docs/PRODUCT.md §9: 1 s). */
  voicePromptDelayMs?: number;
  /** Called once per countdown, VOICE_PROMPT_DELAY_MS after it ends (not when stopped early). */
  onVoicePrompt?: () => void;
  timers?: TimerFunctions;
}

export interface ResendTimer {
  /** Seconds left while counting (30 … 0); null when idle. */
  remaining: number | null;
  counting: boolean;
  /** Starts (or restarts) the countdown, e.g. when a code went out. */
  start(): void;
  /** Stops the countdown and any pending voice offer. */
  stop(): void;
}

/**
 * docs/PRODUCT.md §4 "SMS resend timer": counts 30 seconds down to below zero; the resend button is disabled
 * meanwhile and reads "resend (n)"; one second after the countdown ends the voice offer appears.
 */
export function useResendTimer(options: ResendTimerOptions = {}): ResendTimer {
  const { seconds = SMS_RESEND_COUNTDOWN_S, voicePromptDelayMs = VOICE_PROMPT_DELAY_MS, timers = globalTimers } = options;
  const [remaining, setRemaining] = useState<number | null>(null);
  const interval = useRef<unknown>(null);
  const voiceTimer = useRef<unknown>(null);
  const onVoicePrompt = useRef(options.onVoicePrompt);
  onVoicePrompt.current = options.onVoicePrompt;

  const clearAll = useCallback(() => {
    if (interval.current !== null) timers.clearInterval(interval.current);
    if (voiceTimer.current !== null) timers.clearTimeout(voiceTimer.current);
    interval.current = null;
    voiceTimer.current = null;
  }, [timers]);

  const stop = useCallback(() => {
    clearAll();
    setRemaining(null);
  }, [clearAll]);

  const start = useCallback(() => {
    clearAll();
    let left = seconds;
    setRemaining(left);
    interval.current = timers.setInterval(() => {
      left -= 1;
      if (left >= 0) {
        setRemaining(left);
        return;
      }
      // Below zero: the countdown is over.
      timers.clearInterval(interval.current);
      interval.current = null;
      setRemaining(null);
      voiceTimer.current = timers.setTimeout(() => {
        voiceTimer.current = null;
        onVoicePrompt.current?.();
      }, voicePromptDelayMs);
    }, 1000);
  }, [clearAll, seconds, timers, voicePromptDelayMs]);

  useEffect(() => clearAll, [clearAll]);

  return { remaining, counting: remaining !== null, start, stop };
}

/** The send-code button's text: 发送中… while sending, the countdown, then 重新发送 once a code went out, else 获取验证码. */
export function sendCodeLabel(sending: boolean, timer: ResendTimer, sentOnce: boolean): string {
  if (sending) return t('account.login.sending');
  if (timer.counting) return t('account.login.resendIn', { n: timer.remaining ?? 0 });
  return sentOnce ? t('account.login.resend') : t('account.login.sendCode');
}
