// docs/PRODUCT.md §4/§5/§8: the code send with the 400016/400013 → new anonymous token → retry (≤ 3) rule, the toasts,
// and login by code — through the real api module and http client, over a scripted transport.
import { setLocale } from '@/locales/i18n';
import { sendVerificationCode } from '@/features/account/api';
import { loginWithCode, rememberedPhone, sendCode as sendCodeWithChannel, LAST_LOGIN_PHONE_KEY } from '@/features/account/login-flow';
import { useAccountStore } from '@/features/account/store';
import { setToastPresenter } from '@/platform/feedback';
import { setSecureLayer, setTransport } from '@/platform/http';
import { localStore } from '@/platform/storage';
import type { TransportRequest } from '@/platform/http-transport';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

const SEND = '/xqapi/account/sms/send_verification_code.json';
const TOKEN = '/xqapi/provider/oauth/token';
const USER_TOKEN = 'a'.repeat(40);

let transport: StubTransport;
let toasts: string[];

function pathOf(req: TransportRequest): string {
  return new URL(req.url, 'http://localhost').pathname;
}

function form(req: TransportRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(req.body ?? ''));
}

function query(req: TransportRequest): Record<string, string> {
  return Object.fromEntries(new URL(req.url, 'http://localhost').searchParams);
}

// The real send without the secure channel's preparation (the device key exchange is the platform's, tested
// there; here the transport is scripted and nothing is encrypted).
const sendCode = (phone: string, voice: boolean) => sendCodeWithChannel(phone, voice, { send: sendVerificationCode });

const tokenError = (code: number) => envelopeResponse({ result_code: code, data: null, error_description: `token problem ${code}` }, 400);

beforeEach(() => {
  setLocale('en-US');
  transport = stubTransport();
  setTransport(transport);
  setSecureLayer(null);
  toasts = [];
  setToastPresenter((text) => toasts.push(text));
  localStore.remove(LAST_LOGIN_PHONE_KEY);
  document.cookie = 'xq_a_token=; max-age=0; path=/';
});

afterEach(() => {
  setTransport(null);
  setToastPresenter(null);
  setLocale('zh-CN');
});

describe('sending a code', () => {
  it('posts the docs/PRODUCT.md §7 form and toasts "Verification code sent"', async () => {
    transport.respond(() =>
      envelopeResponse({ result_code: 0, data: { telephone_masked: '138****5678', resend_after: 30, voice: false } }),
    );
    await expect(sendCode(' 13812345678 ', false)).resolves.toBe(true);
    expect(transport.requests).toHaveLength(1);
    const [req] = transport.requests;
    expect(req.method).toBe('POST');
    expect(pathOf(req)).toBe(SEND);
    expect(req.headers['Content-Type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(form(req)).toEqual({ telephone: '13812345678', areacode: '86', source: '0', voice: 'false' });
    expect(toasts).toEqual(['Verification code sent']);
  });

  it('a voice code says nothing ("Verification code sent" is for text only)', async () => {
    transport.respond(() => envelopeResponse({ result_code: 0, data: { telephone_masked: '138****5678', resend_after: 30, voice: true } }));
    await expect(sendCode('13812345678', true)).resolves.toBe(true);
    expect(form(transport.requests[0]).voice).toBe('true');
    expect(toasts).toEqual([]);
  });

  it.each([400016, 400013])('%i: fetches a new anonymous token, then sends again', async (code) => {
    let sends = 0;
    transport.respond((req) => {
      if (pathOf(req) === TOKEN) return envelopeResponse({ result_code: 0, data: { access_token: 'b'.repeat(40), expires_in: 7200 } });
      sends += 1;
      return sends === 1 ? tokenError(code) : envelopeResponse({ result_code: 0, data: { resend_after: 30 } });
    });
    await expect(sendCode('13812345678', false)).resolves.toBe(true);
    expect(transport.requests.map(pathOf)).toEqual([SEND, TOKEN, SEND]);
    const tokenCall = transport.requests[1];
    expect(form(tokenCall).grant_type).toBe('password');
    expect(query(tokenCall)).toEqual({ client_id: 'dj-h5', client_secret: 'dj-h5-demo-secret' });
    expect(toasts).toEqual(['Verification code sent']);
  });

  it('gives up after 3 retries: 4 sends, 3 token calls, then the error is shown', async () => {
    transport.respond((req) =>
      pathOf(req) === TOKEN
        ? envelopeResponse({ result_code: 0, data: { access_token: 'b'.repeat(40), expires_in: 7200 } })
        : tokenError(400016),
    );
    await expect(sendCode('13812345678', false)).resolves.toBe(false);
    expect(transport.requests.map(pathOf)).toEqual([SEND, TOKEN, SEND, TOKEN, SEND, TOKEN, SEND]);
    expect(toasts).toEqual(['token problem 400016']);
  });

  it('a failing token call still counts towards the 3 retries', async () => {
    transport.respond((req) => (pathOf(req) === TOKEN ? envelopeResponse('gateway down', 502) : tokenError(400013)));
    await expect(sendCode('13812345678', false)).resolves.toBe(false);
    expect(transport.requests.filter((r) => pathOf(r) === SEND)).toHaveLength(4);
  });

  it('other errors toast error_description', async () => {
    transport.respond(() =>
      envelopeResponse(
        { result_code: 400020, data: { resend_after: 12 }, error_description: 'Too many requests, please retry in 12 s' },
        400,
      ),
    );
    await expect(sendCode('13812345678', false)).resolves.toBe(false);
    expect(transport.requests).toHaveLength(1);
    expect(toasts).toEqual(['Too many requests, please retry in 12 s']);
  });

  it('without a description (or without an answer) toasts "Network error, please retry"', async () => {
    transport.respond(() => envelopeResponse({ result_code: 500123, data: null }, 400));
    await sendCode('13812345678', false);
    transport.respond(() => Promise.reject(new Error('offline')));
    await sendCode('13812345678', false);
    expect(toasts).toEqual(['Network error, please retry', 'Network error, please retry']);
  });

  it('a phone that is not 11 characters is refused before any call', async () => {
    await expect(sendCode('1381234567', false)).resolves.toBe(false);
    await expect(sendCode('138123456789', false)).resolves.toBe(false);
    expect(transport.requests).toHaveLength(0);
    expect(toasts).toEqual(['Please enter the correct phone number', 'Please enter the correct phone number']);
  });
});

describe('login by code', () => {
  it('telephone_auto_login with the client credentials; cookie, toast, remembered phone, fresh login state', async () => {
    transport.respond((req) => {
      if (pathOf(req) === TOKEN) return envelopeResponse({ result_code: 0, data: { access_token: USER_TOKEN, expires_in: 3600 } });
      return envelopeResponse({ result_code: 0, data: { user: { id: 7, mask_telephone: '138****5678', open_trade: false } } });
    });
    await expect(loginWithCode(' 13812345678 ', ' 1234 ')).resolves.toBe(true);
    const login = transport.requests[0];
    expect(pathOf(login)).toBe(TOKEN);
    expect(form(login)).toMatchObject({
      grant_type: 'telephone_auto_login',
      client_id: 'dj-h5',
      client_secret: 'dj-h5-demo-secret',
      telephone: '13812345678',
      code: '1234',
      agreements: 'service@2026.1,privacy@2026.1',
    });
    expect(document.cookie).toContain(`xq_a_token=${USER_TOKEN}`);
    expect(toasts).toEqual(['Login successful']);
    expect(rememberedPhone()).toBe('13812345678');
    expect(useAccountStore.getState()).toMatchObject({ status: 'loggedIn', maskTelephone: '138****5678', openTrade: false });
  });

  it('a login error toasts its description and keeps the visitor anonymous', async () => {
    transport.respond(() =>
      envelopeResponse(
        { result_code: 400021, error_code: 400021, data: null, error_description: 'Wrong verification code, 4 tries left' },
        400,
      ),
    );
    await expect(loginWithCode('13812345678', '9999')).resolves.toBe(false);
    expect(toasts).toEqual(['Wrong verification code, 4 tries left']);
    expect(rememberedPhone()).toBeNull();
    expect(document.cookie).not.toContain('xq_a_token=');
  });

  it('no description: "Network error, please retry"; an empty code never leaves the page', async () => {
    transport.respond(() => Promise.reject(new Error('offline')));
    await loginWithCode('13812345678', '1234');
    await loginWithCode('13812345678', '   ');
    expect(toasts).toEqual(['Network error, please retry', 'Please enter the verification code']);
    expect(transport.requests).toHaveLength(1);
  });
});
