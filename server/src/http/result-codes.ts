/**
 * Every result_code the server sends, with its HTTP status and message (zh-CN default, en-US).
 * 0 is success. The client's error catalogue (SPEC §8) keys off 300001, 900001/900002, 9999,
 * 400013/400016; the 4000xx validation codes are ours.
 */
export const ResultCode = {
  OK: 0,
  /** Not logged in: HTTP 200 like the public Danjuan API, so the client reads the envelope. */
  NOT_LOGGED_IN: 300001,
  /** A field of the query, form or JSON body is missing or invalid; the message names it. */
  INVALID_PARAMETER: 400001,
  /** The body could not be parsed (bad JSON, bad form encoding, bad characters). */
  MALFORMED_BODY: 400002,
  UNSUPPORTED_MEDIA_TYPE: 400003,
  PAYLOAD_TOO_LARGE: 400004,
  /** Unknown OAuth client id / secret. */
  INVALID_CLIENT: 400005,
  /** Anonymous token expired (SPEC §8: the client fetches a new one and retries). */
  ANONYMOUS_TOKEN_EXPIRED: 400013,
  /** Anonymous token missing (SPEC §8: same recovery). */
  ANONYMOUS_TOKEN_REQUIRED: 400016,
  /** The XSRF header is missing or does not match the cookie. */
  XSRF_MISMATCH: 403001,
  NOT_FOUND: 404001,
  METHOD_NOT_ALLOWED: 405001,
  RATE_LIMITED: 429001,
  /** Secure API: unknown device, or the message does not verify / decrypt. */
  DEVICE_INVALID: 900001,
  /** Secure API: the device registration expired (SPEC §9: 2 days). */
  DEVICE_EXPIRED: 900002,
  /** Anything unexpected (SPEC §8: shown in an alert). */
  SERVER_ERROR: 9999,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export type ServerLocale = 'zh-CN' | 'en-US';

type Messages = Record<string, { 'zh-CN': string; 'en-US': string }>;

/** Server messages, keyed by name; placeholders `{name}`. */
export const serverMessages = {
  notLoggedIn: { 'zh-CN': '请先登录', 'en-US': 'Please log in first' },
  invalidParameter: { 'zh-CN': '参数 {field} 不正确：{reason}', 'en-US': 'Invalid parameter {field}: {reason}' },
  malformedBody: { 'zh-CN': '请求内容无法解析：{reason}', 'en-US': 'The request body could not be parsed: {reason}' },
  unsupportedMediaType: {
    'zh-CN': '不支持的内容类型：{type}',
    'en-US': 'Unsupported content type: {type}',
  },
  payloadTooLarge: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  invalidClient: { 'zh-CN': '客户端标识或密钥不正确', 'en-US': 'Unknown client id or secret' },
  xsrfMismatch: {
    'zh-CN': '安全校验失败，请刷新页面后重试',
    'en-US': 'Security check failed (X-XSRF-TOKEN header missing or not matching the XSRF-TOKEN cookie); reload the page and retry',
  },
  notFound: { 'zh-CN': '接口不存在：{method} {path}', 'en-US': 'No such API: {method} {path}' },
  methodNotAllowed: { 'zh-CN': '不支持的请求方法：{method}', 'en-US': 'Method not allowed: {method}' },
  rateLimited: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please retry later' },
  deviceUnknown: {
    'zh-CN': '网络开小差了，请稍后重试（设备未注册）',
    'en-US': 'network is having a hiccup, please retry later (device not registered)',
  },
  deviceExpired: {
    'zh-CN': '网络开小差了，请稍后重试（设备已过期）',
    'en-US': 'network is having a hiccup, please retry later (device registration expired)',
  },
  secureMessageInvalid: {
    'zh-CN': '网络开小差了，请稍后重试（加密数据校验失败）',
    'en-US': 'network is having a hiccup, please retry later (encrypted message failed verification)',
  },
  secureRequired: {
    'zh-CN': '网络开小差了，请稍后重试（该接口需要加密传输）',
    'en-US': 'network is having a hiccup, please retry later (this call must be encrypted)',
  },
  invalidPublicKey: {
    'zh-CN': '公钥不正确，需要 RSA-2048 公钥（PEM 或 base64 SPKI）',
    'en-US': 'Invalid public key: an RSA-2048 public key (PEM or base64 SPKI) is required',
  },
  analyticsBadLine: {
    'zh-CN': '第 {line} 条记录格式不正确：{reason}',
    'en-US': 'Record {line} is malformed: {reason}',
  },
  analyticsTooMany: {
    'zh-CN': '一次最多上传 {max} 条记录',
    'en-US': 'At most {max} records per upload',
  },
  serverError: { 'zh-CN': '网络错误，请稍后再试', 'en-US': 'network error, please try later' },
} satisfies Messages;

export type ServerMessageKey = keyof typeof serverMessages;

export function formatMessage(
  key: ServerMessageKey,
  locale: ServerLocale,
  params: Record<string, string | number> = {},
): string {
  return serverMessages[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** zh-CN unless the client prefers English (Accept-Language or the `lang` cookie). */
export function localeOf(acceptLanguage: string | undefined, langCookie?: string): ServerLocale {
  const preferred = (langCookie ?? acceptLanguage ?? '').trim().toLowerCase();
  return preferred.startsWith('en') ? 'en-US' : 'zh-CN';
}
