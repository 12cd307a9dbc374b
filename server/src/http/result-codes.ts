import common, { type CommonMessageKey } from '../../../src/locales/messages/common';

/**
 * Every result_code the server sends, with its HTTP status and message (zh-CN default, en-US).
 * 0 is success. The client's error catalogue (docs/PRODUCT.md §8) keys off 300001, 900001/900002, 9999,
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
  /** Anonymous token expired (docs/PRODUCT.md §8: the client fetches a new one and retries). */
  ANONYMOUS_TOKEN_EXPIRED: 400013,
  /** Anonymous token missing (docs/PRODUCT.md §8: same recovery). */
  ANONYMOUS_TOKEN_REQUIRED: 400016,
  /** Accounts. Phone number is not a mainland mobile number. */
  BAD_TELEPHONE: 400010,
  /** Only area code 86 is served. */
  UNSUPPORTED_AREA_CODE: 400011,
  /** An RSA-encrypted field (telephone, trade password) did not decrypt (one message for every failure). */
  DECRYPT_FAILED: 400012,
  /** Code resend too soon, or the day's count for that phone is used up. */
  SMS_TOO_FREQUENT: 400020,
  /** Wrong verification code (tries remain). */
  SMS_CODE_WRONG: 400021,
  /** No live code: expired, used, replaced, or its 5 tries spent. */
  SMS_CODE_INVALID: 400022,
  /** WeChat login failed (bad code, state mismatch, WeChat not configured). */
  WECHAT_LOGIN_FAILED: 400023,
  /** Unknown or expired thirdparty_token. */
  THIRDPARTY_TOKEN_INVALID: 400024,
  /** Account settings: the new phone is the current one, or another account's. */
  TELEPHONE_REFUSED: 400025,
  /** Account settings: the step's proof (ticket) is missing, expired, of another session or already used. */
  SETTINGS_TICKET_INVALID: 400026,
  ID_CARD_INVALID: 400040,
  BANK_CARD_INVALID: 400041,
  BANK_UNSUPPORTED: 400042,
  ACCOUNT_ALREADY_OPENED: 400043,
  ID_CARD_TAKEN: 400044,
  REAL_NAME_INVALID: 400045,
  /** Trade-password reset: the ID number is not the account's. */
  ID_CARD_MISMATCH: 400046,
  NOT_CERTIFIED: 400047,
  TRADE_PASSWORD_WEAK: 400050,
  TRADE_PASSWORD_WRONG: 400051,
  TRADE_PASSWORD_LOCKED: 400052,
  TRADE_PASSWORD_NOT_SET: 400053,
  TRADE_PASSWORD_ALREADY_SET: 400054,
  /** Changing the trade password to the same one. */
  TRADE_PASSWORD_SAME: 400055,
  RISK_ANSWERS_INVALID: 400060,
  FUND_ACCOUNT_NOT_OWN: 400070,
  /** Account opening without accepting the current version of every agreement (src/lib/agreements.ts). */
  AGREEMENTS_REQUIRED: 400080,
  /** The customer-service form: a field missing or unusable (the message names it). */
  SERVICE_MESSAGE_INVALID: 400081,
  /** Account closing refused: holdings, a cash balance, pending orders, money in transit or a live auto-invest plan (`data.blockers`). */
  ACCOUNT_CLOSE_REFUSED: 400090,
  /** Trading (docs/PRODUCT.md, "Trading"): each refusal of a buy, sell or cancel has its own code. */
  ACCOUNT_NOT_OPENED: 410001,
  RISK_ASSESSMENT_REQUIRED: 410002,
  RISK_CONFIRM_REQUIRED: 410003,
  RISK_REFUSED: 410004,
  FUND_NOT_PURCHASABLE: 410005,
  AMOUNT_BELOW_MINIMUM: 410006,
  FUND_DAILY_LIMIT: 410007,
  BANK_PER_PAYMENT_LIMIT: 410008,
  BANK_DAILY_LIMIT: 410009,
  PAYMENT_FAILED: 410010,
  REQUEST_ID_CONFLICT: 410011,
  INSUFFICIENT_SHARES: 410012,
  ORDER_NOT_CANCELLABLE: 410013,
  ORDER_NOT_FOUND: 410014,
  REQUEST_IN_PROGRESS: 410015,
  FUND_NOT_REDEEMABLE: 410016,
  CASH_QUICK_QUOTA: 410017,
  CASH_INSUFFICIENT: 410018,
  CASH_NOT_ALLOWED: 410019,
  AIP_INVALID: 410020,
  AIP_NOT_FOUND: 410021,
  AIP_STATE: 410022,
  /** Activities (issue 25, docs/PRODUCT.md §7.4): no such activity (or withdrawn, or of another kind). */
  ACTIVITY_NOT_FOUND: 420001,
  /** The activity has not started or has ended. */
  ACTIVITY_NOT_RUNNING: 420002,
  /** Staff: an activity's JSON is refused (the message names the field). */
  ACTIVITY_CONFIG_INVALID: 420003,
  /** Registration coupon: not a new investor, or already claimed. */
  COUPON_CLAIM_REFUSED: 420010,
  /** A coupon that cannot be used on this purchase: unknown, used, expired, below its minimum, another fund. */
  COUPON_UNUSABLE: 420011,
  /** Lump-sum booking: the raising has started or the amount is outside the limits; a booking not cancellable. */
  BOOKING_REFUSED: 420020,
  BOOKING_NOT_FOUND: 420021,
  /** Competition: joined already / not joined, or target weights the rules refuse. */
  COMPETITION_REFUSED: 420030,
  /** Asset proof: a date before the account's opening or in the future. */
  ASSET_PROOF_DATE_INVALID: 420040,
  /** Asset proof: no proof of this serial for this investor. */
  ASSET_PROOF_NOT_FOUND: 420041,
  /** Asset proof: the PDF cannot be drawn here (its CJK font is missing). */
  ASSET_PROOF_UNAVAILABLE: 420042,
  /** Advisory (issue 23, docs/PRODUCT.md §7.5): no portfolio of this code (Danjuan's own code). */
  PLAN_NOT_FOUND: 91003,
  /** No advisor, or no departure, of this code. */
  ADVISORY_NOT_FOUND: 430000,
  /** The advisory questionnaire is needed before a strategy is shown or signed. */
  ADVISORY_KYC_REQUIRED: 430001,
  /** The portfolio's risk is above the investor's level or advisory risk tolerance. */
  ADVISORY_RISK_ABOVE_LEVEL: 430002,
  /** The advisory service agreement of this portfolio is not signed. */
  ADVISORY_NOT_SIGNED: 430003,
  /** The departure's window to follow it by hand has closed. */
  ADVISORY_WINDOW_CLOSED: 430004,
  /** A request the advisory rules refuse (amount per 份, agreements, nothing to follow, already followed). */
  ADVISORY_REFUSED: 430005,
  /** No plan order of this id for this investor. */
  ADVISORY_ORDER_NOT_FOUND: 430006,
  /** The advisory questionnaire's answers are incomplete or unknown. */
  ADVISORY_KYC_INVALID: 430007,
  /** An ordinary sale asks for shares that are an advisory account's (sell them from the account). */
  ADVISORY_SHARES_RESERVED: 430008,
  /** Personal pension (issue 24, docs/PRODUCT.md §10.13): no pension account yet. */
  PENSION_NOT_OPENED: 440001,
  /** Opening refused: opened already, or no 个人养老金账户 at the social-insurance platform yet. */
  PENSION_OPEN_REFUSED: 440002,
  /** A Y class paid or sold other than through the pension account, or pension money for another fund. */
  PENSION_CLOSED_LOOP: 440003,
  /** The pension account's balance does not cover the purchase or withdrawal. */
  PENSION_INSUFFICIENT: 440004,
  /** A contribution above the year's room (12,000.00 a calendar year), or after a retirement withdrawal. */
  PENSION_CAP_EXCEEDED: 440005,
  /** A withdrawal whose condition is not met (or not yet in force). */
  PENSION_WITHDRAWAL_REFUSED: 440006,
  /** A retirement category that does not fit the ID (a woman's category declared by a man), or one without the age condition. */
  PENSION_CATEGORY_INVALID: 440007,
  /** The staff routes (/ops/*): no or a wrong OPERATOR_TOKEN bearer. */
  OPERATOR_UNAUTHORIZED: 401001,
  /** The XSRF header is missing or does not match the cookie. */
  XSRF_MISMATCH: 403001,
  NOT_FOUND: 404001,
  METHOD_NOT_ALLOWED: 405001,
  RATE_LIMITED: 429001,
  /** Secure API: unknown device, or the message does not verify / decrypt. */
  DEVICE_INVALID: 900001,
  /** Secure API: the device registration expired (docs/PRODUCT.md §9: 2 days). */
  DEVICE_EXPIRED: 900002,
  /** Anything unexpected (docs/PRODUCT.md §8: shown in an alert). */
  SERVER_ERROR: 9999,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export type ServerLocale = 'zh-CN' | 'en-US';

type Messages = Record<string, { 'zh-CN': string; 'en-US': string }>;

type ValidationKey = Extract<CommonMessageKey, `common.validation.${string}`>;

/**
 * The app's validation reasons (src/lib/validators.ts answers these keys), in both locales from the
 * app's own catalogue, so the server's refusal reads exactly like the form's message.
 */
const validationMessages = Object.fromEntries(
  (Object.keys(common['zh-CN']) as CommonMessageKey[])
    .filter((key) => key.startsWith('common.validation.'))
    .map((key) => [key, { 'zh-CN': common['zh-CN'][key], 'en-US': common['en-US'][key] }]),
) as Record<ValidationKey, { 'zh-CN': string; 'en-US': string }>;

/** Server messages, keyed by name; placeholders `{name}`. */
export const serverMessages = {
  ...validationMessages,
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
    'zh-CN': '公钥不正确，需要 X25519 或 RSA-2048 公钥（PEM 或 base64 SPKI）',
    'en-US': 'Invalid public key: an X25519 or RSA-2048 public key (PEM or base64 SPKI) is required',
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

  // Market reads
  fundNotFound: { 'zh-CN': '基金不存在：{code}', 'en-US': 'No fund with code {code}' },
  indexNotFound: { 'zh-CN': '指数不存在：{code}', 'en-US': 'No index with code {code}' },
  indexNoValuation: { 'zh-CN': '该指数没有估值数据：{code}', 'en-US': 'Index {code} has no valuation data' },

  // Watchlist
  watchlistNoSymbols: { 'zh-CN': '请选择要操作的基金或股票', 'en-US': 'Name at least one symbol' },
  watchlistUnknownSymbol: { 'zh-CN': '不存在的代码：{symbol}', 'en-US': 'Unknown symbol: {symbol}' },
  watchlistFull: { 'zh-CN': '自选已满（最多 {max} 个）', 'en-US': 'The watchlist is full (at most {max})' },

  // Accounts
  anonymousTokenRequired: { 'zh-CN': '请求凭证缺失，请重试', 'en-US': 'The access token is missing, please retry' },
  anonymousTokenExpired: { 'zh-CN': '请求凭证已过期，请重试', 'en-US': 'The access token has expired, please retry' },
  unsupportedAreaCode: {
    'zh-CN': '暂仅支持中国大陆（+86）手机号',
    'en-US': 'Only mainland China (+86) phone numbers are supported',
  },
  decryptFailed: {
    'zh-CN': '加密信息无法识别，请刷新页面后重试',
    'en-US': 'The encrypted field could not be read, please reload the page and retry',
  },
  smsResendWait: { 'zh-CN': '发送过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many requests, please retry in {seconds} s' },
  smsDailyLimit: {
    'zh-CN': '今日验证码发送次数已达上限，请明天再试',
    'en-US': 'You have requested too many codes today, please try again tomorrow',
  },
  smsSendFailed: { 'zh-CN': '验证码发送失败，请稍后再试', 'en-US': 'The code could not be sent, please retry later' },
  smsCodeRequired: { 'zh-CN': '请输入验证码', 'en-US': 'Please enter the verification code' },
  smsCodeWrong: {
    'zh-CN': '验证码错误，还可尝试 {remaining} 次',
    'en-US': 'Wrong verification code, {remaining} tries left',
  },
  smsCodeInvalid: {
    'zh-CN': '验证码已失效，请重新获取',
    'en-US': 'The verification code is no longer valid, please get a new one',
  },
  wechatLoginFailed: { 'zh-CN': '微信登录失败，请重试', 'en-US': 'WeChat login failed, please retry' },
  wechatNotConfigured: { 'zh-CN': '暂不支持微信登录', 'en-US': 'WeChat login is not available' },
  thirdpartyTokenInvalid: {
    'zh-CN': '微信授权已过期，请重新授权',
    'en-US': 'The WeChat authorisation has expired, please authorise again',
  },
  bankUnsupported: { 'zh-CN': '暂不支持该银行卡', 'en-US': 'This bank card is not supported yet' },
  accountAlreadyOpened: { 'zh-CN': '您已完成开户', 'en-US': 'You have already opened an account' },
  idCardTaken: {
    'zh-CN': '该身份证号已开户，请使用原账户登录',
    'en-US': 'An account has already been opened with this ID number, please log in to that account',
  },
  notCertified: { 'zh-CN': '请先完成实名开户', 'en-US': 'Please open your account (real-name verification) first' },
  tradePasswordWrong: {
    'zh-CN': '交易密码错误，还可尝试 {remaining} 次',
    'en-US': 'Wrong trade password, {remaining} tries left',
  },
  tradePasswordLocked: {
    'zh-CN': '交易密码已锁定，请于 {time} 后重试',
    'en-US': 'The trade password is locked, please retry after {time}',
  },
  tradePasswordNotSet: {
    'zh-CN': '您还未设置交易密码，请先设置交易密码',
    'en-US': 'You have not set a trade password yet, please set the trade password first',
  },
  tradePasswordAlreadySet: { 'zh-CN': '您已设置过交易密码', 'en-US': 'You have already set a trade password' },
  riskAnswerMissing: { 'zh-CN': '请回答第 {number} 题', 'en-US': 'Please answer question {number}' },
  riskAnswersMalformed: {
    'zh-CN': '答案格式不正确，应为 {"q1":"a", …}',
    'en-US': 'The answers are malformed, expected {"q1":"a", …}',
  },
  fundAccountNotOwn: {
    'zh-CN': '仅可查询本人名下的基金账户',
    'en-US': 'You can only look up fund accounts held under your own ID',
  },
  telephoneTaken: {
    'zh-CN': '该手机号已绑定其他账户，请更换',
    'en-US': 'This phone number belongs to another account, please use another one',
  },
  telephoneSame: { 'zh-CN': '新手机号不能与当前手机号相同', 'en-US': 'The new phone number is your current one' },
  settingsTicketInvalid: {
    'zh-CN': '验证已过期，请重新验证',
    'en-US': 'The verification has expired, please verify again',
  },
  idCardMismatch: {
    'zh-CN': '身份证号与开户信息不一致，请重新获取验证码',
    'en-US': 'The ID number does not match your account, please get a new code',
  },
  tradePasswordSame: { 'zh-CN': '新交易密码不能与原交易密码相同', 'en-US': 'The new trade password must differ from the current one' },
  agreementsRequired: {
    'zh-CN': '请阅读并同意最新版本的{namesZh}后再开户',
    'en-US': 'Please read and accept the current version of {namesEn} before opening your account',
  },
  agreementsMalformed: {
    'zh-CN': '协议确认信息格式不正确，请刷新页面后重新勾选同意',
    'en-US': 'The agreement acceptance could not be read; reload the page and tick the agreements again',
  },
  serviceMessageEmpty: { 'zh-CN': '请填写问题描述', 'en-US': 'Please describe your question' },
  serviceMessageShort: { 'zh-CN': '问题描述至少 {min} 个字', 'en-US': 'Please write at least {min} characters' },
  serviceMessageLong: { 'zh-CN': '问题描述最多 {max} 个字', 'en-US': 'Please keep it under {max} characters' },
  serviceContactInvalid: {
    'zh-CN': '请填写正确的手机号或邮箱，方便客服联系您',
    'en-US': 'Please give a valid mobile number or e-mail address so we can answer you',
  },
  serviceTopicInvalid: { 'zh-CN': '请选择问题类型', 'en-US': 'Please choose a topic' },
  accountCloseRefused: {
    'zh-CN': '暂时无法注销账户：{reasons}。处理完毕后可再申请注销',
    'en-US': 'Your account cannot be closed yet: {reasons}. Apply again once this is settled',
  },
  closeBlockHoldings: { 'zh-CN': '您仍持有基金，请先全部卖出', 'en-US': 'you still hold funds; sell them all first' },
  closeBlockCash: { 'zh-CN': '现金宝仍有余额，请先全部取出', 'en-US': 'your cash account has a balance; withdraw it all first' },
  closeBlockPending: {
    'zh-CN': '有交易尚未确认，请等待确认或撤单',
    'en-US': 'an order is still pending; wait for its confirmation or cancel it',
  },
  closeBlockTransit: {
    'zh-CN': '有资金在途（卖出款或分红款尚未到账）',
    'en-US': 'money is still on its way to your card (sale proceeds or dividends)',
  },
  closeBlockAutoInvest: { 'zh-CN': '有未终止的定投计划，请先终止', 'en-US': 'an auto-invest plan is not stopped; stop it first' },
  operatorUnauthorized: { 'zh-CN': '需要有效的运营凭证', 'en-US': 'A valid operator token is required' },
  serviceMessageNotFound: { 'zh-CN': '留言不存在：{id}', 'en-US': 'No such service message: {id}' },

  // Trading
  accountNotOpened: { 'zh-CN': '请先开户，开户后即可买卖基金', 'en-US': 'Please open an account first to buy and sell funds' },
  riskAssessmentRequired: {
    'zh-CN': '请先完成风险测评（测评结果有效期 2 年）',
    'en-US': 'Please take the risk assessment first (a result is valid for 2 years)',
  },
  riskConfirmRequired: {
    'zh-CN': '该基金风险等级（R{fundRisk}）高于您的风险承受能力（C{investorLevel}），请确认风险提示后购买',
    'en-US': 'This fund’s risk level (R{fundRisk}) is above your risk tolerance (C{investorLevel}): confirm the risk warning to buy',
  },
  riskWarningText: {
    'zh-CN':
      '您的风险承受能力等级为 C{investorLevel}，该基金风险等级为 R{fundRisk}，超出您的风险承受能力。购买该基金可能导致您承受超出自身承受能力的损失。基金有风险，投资需谨慎。',
    'en-US':
      'Your risk tolerance is C{investorLevel} and this fund’s risk level is R{fundRisk}, above your tolerance. Buying it may expose you to losses beyond what you can bear. Funds carry risk; invest with care.',
  },
  riskRefused: {
    'zh-CN': '您的风险承受能力为最低类别（C1），只能购买 R1 风险等级的基金',
    'en-US': 'Your risk tolerance is the lowest category (C1): you can only buy R1 funds',
  },
  fundNotPurchasable: { 'zh-CN': '该基金暂不可买入：{reason}', 'en-US': 'This fund cannot be bought now: {reason}' },
  amountBelowMinimum: { 'zh-CN': '最低买入金额为 {min} 元', 'en-US': 'The minimum purchase is {min} CNY' },
  fundDailyLimit: {
    'zh-CN': '该基金每人每日限购 {limit} 元，今日还可买入 {left} 元',
    'en-US': 'This fund takes at most {limit} CNY per investor per day; {left} CNY left today',
  },
  bankPerPaymentLimit: {
    'zh-CN': '超过{bank}单笔支付限额 {limit} 元',
    'en-US': 'Above {bank}’s limit of {limit} CNY per payment',
  },
  bankDailyLimit: {
    'zh-CN': '超过{bank}单日支付限额 {limit} 元，今日还可支付 {left} 元',
    'en-US': 'Above {bank}’s daily limit of {limit} CNY; {left} CNY left today',
  },
  paymentFailed: {
    'zh-CN': '银行卡扣款失败：{reason}，订单未生效，未扣款',
    'en-US': 'The card payment failed: {reason}. The order did not go through and nothing was charged',
  },
  paymentDeclined: { 'zh-CN': '银行拒绝了本次支付', 'en-US': 'the bank declined the payment' },
  requestIdConflict: {
    'zh-CN': '请求编号已用于另一笔不同的交易，请刷新后重新下单',
    'en-US': 'This request id was already used for a different order; reload and place the order again',
  },
  requestInProgress: { 'zh-CN': '该笔交易正在处理中，请稍候', 'en-US': 'This order is still being processed, please wait' },
  insufficientShares: { 'zh-CN': '可卖份额不足，最多可卖 {available} 份', 'en-US': 'Not enough shares: at most {available} can be sold' },
  fundNotRedeemable: { 'zh-CN': '该基金暂不可卖出：{reason}', 'en-US': 'This fund cannot be sold now: {reason}' },
  noHolding: { 'zh-CN': '您未持有该基金', 'en-US': 'You do not hold this fund' },
  cashQuickQuota: {
    'zh-CN': '快速取现每人每日限额 {limit} 元，今日还可快速取现 {left} 元，超出部分请使用普通取现（{date} 到账）',
    'en-US':
      'Instant withdrawal is limited to {limit} CNY per day; {left} CNY left today. Use a normal withdrawal for more (arrives {date})',
  },
  cashInsufficient: {
    'zh-CN': '现金宝可用余额不足，可用 {available} 元',
    'en-US': 'Not enough in your cash account: {available} CNY available',
  },
  cashNotAllowed: { 'zh-CN': '现金宝不能用于这笔交易：{reason}', 'en-US': 'The cash account cannot be used for this: {reason}' },
  aipInvalidSchedule: {
    'zh-CN': '定投周期不正确：每周、每两周选周一至周五，每月选 1–28 日',
    'en-US': 'Invalid schedule: weekly and biweekly plans take Monday–Friday, monthly plans a day from 1 to 28',
  },
  aipSmartUnavailable: {
    'zh-CN': '该基金不跟踪指数，只能普通定投',
    'en-US': 'This fund tracks no index: only a normal plan is possible',
  },
  aipNotFound: { 'zh-CN': '定投计划不存在', 'en-US': 'No such plan' },
  aipStopped: { 'zh-CN': '定投计划已终止，不能再修改', 'en-US': 'The plan was stopped and can no longer be changed' },
  aipNotRunning: { 'zh-CN': '定投计划未在执行中', 'en-US': 'The plan is not running' },
  aipNotPaused: { 'zh-CN': '定投计划未暂停', 'en-US': 'The plan is not paused' },
  aipPausedByFailures: {
    'zh-CN': '连续 3 次扣款失败，计划已暂停',
    'en-US': 'Paused after 3 failed debits in a row',
  },
  aipPausedByInvestor: { 'zh-CN': '您已暂停该计划', 'en-US': 'You paused this plan' },
  aipRunPaymentFailed: { 'zh-CN': '扣款失败，本期未投入', 'en-US': 'The debit failed; nothing was invested this time' },
  aipRunBankLimit: { 'zh-CN': '超过银行卡支付限额，本期未投入', 'en-US': 'Above the card’s payment limit; nothing was invested this time' },
  aipRunCashInsufficient: {
    'zh-CN': '现金宝余额不足，本期未投入',
    'en-US': 'Not enough in the cash account; nothing was invested this time',
  },
  aipRunSkipped: { 'zh-CN': '基金当前不可买入，本期跳过', 'en-US': 'The fund cannot be bought now; this run was skipped' },
  stepCashArrived: { 'zh-CN': '资金转入现金宝', 'en-US': 'The money reaches your cash account' },
  stepQuickArrived: { 'zh-CN': '快速取现，资金已到达银行卡', 'en-US': 'Instant withdrawal: the money is on your card' },
  stepCashPaid: {
    'zh-CN': '现金宝支付成功，将按 {date} 净值确认份额',
    'en-US': 'Paid from your cash account; shares will be priced at the NAV of {date}',
  },
  stepCashRefunded: { 'zh-CN': '已撤单，资金退回现金宝', 'en-US': 'Cancelled; the money goes back to your cash account' },
  orderNotFound: { 'zh-CN': '订单不存在', 'en-US': 'No such order' },
  orderNotCancellable: {
    'zh-CN': '该订单已不可撤单（撤单须在交易日 {date} 15:00 前）',
    'en-US': 'This order can no longer be cancelled (cancellation closes at 15:00 on {date})',
  },
  // Order texts (steps of the timeline, states), localised like the errors.
  stepPaid: { 'zh-CN': '支付成功，将按 {date} 净值确认份额', 'en-US': 'Paid; shares will be priced at the NAV of {date}' },
  stepSubscribed: { 'zh-CN': '认购成功，按 1.00 元面值认购', 'en-US': 'Subscribed at the par value of 1.00 CNY' },
  stepConfirmed: { 'zh-CN': '基金公司确认份额，开始计算收益', 'en-US': 'The fund company confirms the shares; income starts' },
  stepFounded: { 'zh-CN': '基金成立，确认认购份额', 'en-US': 'The fund is founded and the shares confirmed' },
  stepIncome: { 'zh-CN': '查看收益', 'en-US': 'Income shows' },
  stepSellAccepted: { 'zh-CN': '卖出申请已受理，将按 {date} 净值计算金额', 'en-US': 'Sale accepted; priced at the NAV of {date}' },
  stepSellConfirmed: { 'zh-CN': '基金公司确认卖出', 'en-US': 'The fund company confirms the sale' },
  stepSellArrived: { 'zh-CN': '资金到达银行卡', 'en-US': 'The money reaches your card' },
  stepCancelled: { 'zh-CN': '已撤单，资金原路退回', 'en-US': 'Cancelled; the money goes back to the card' },
  stepRefundedCard: { 'zh-CN': '资金已原路退回银行卡', 'en-US': 'The money went back to your card' },
  stepRefundedCash: { 'zh-CN': '资金已退回现金宝', 'en-US': 'The money went back to your cash account' },
  stepSellCancelled: { 'zh-CN': '已撤单，份额已恢复', 'en-US': 'Cancelled; the shares are back in your holding' },
  stepFailed: { 'zh-CN': '交易失败：{reason}', 'en-US': 'Failed: {reason}' },
  stepDividend: { 'zh-CN': '分红到账', 'en-US': 'Dividend paid' },
  // A pension Y class's money (issue 24): paid from and returned to the 个人养老金资金账户, never the card.
  stepPensionPaid: {
    'zh-CN': '个人养老金资金账户支付成功，将按 {date} 净值确认份额',
    'en-US': 'Paid from your pension fund account; shares will be priced at the NAV of {date}',
  },
  stepPensionCancelled: {
    'zh-CN': '已撤单，资金退回个人养老金资金账户',
    'en-US': 'Cancelled; the money goes back to your pension fund account',
  },
  stepPensionRefunded: { 'zh-CN': '资金已退回个人养老金资金账户', 'en-US': 'The money went back to your pension fund account' },
  stepPensionSellArrived: { 'zh-CN': '资金转入个人养老金资金账户', 'en-US': 'The money reaches your pension fund account' },
  stepPensionDividendCash: {
    'zh-CN': '现金分红转入个人养老金资金账户',
    'en-US': 'Cash dividend paid into your pension fund account',
  },
  stepDividendReinvested: { 'zh-CN': '红利再投资，份额已到账', 'en-US': 'Dividend reinvested; the shares are in your holding' },
  undoTipPension: {
    'zh-CN': '撤单后资金将退回个人养老金资金账户，你确定撤单吗？',
    'en-US': 'After cancelling, the money goes back to your pension fund account. Cancel this order?',
  },
  undoTip: {
    'zh-CN': '撤单后资金预计在 {date} 19 点前退回到银行卡，你确定撤单吗？',
    'en-US': 'After cancelling, the money is expected back on your card by 19:00 on {date}. Cancel this order?',
  },
  undoTipCash: {
    'zh-CN': '撤单后资金将立即退回现金宝，你确定撤单吗？',
    'en-US': 'After cancelling, the money goes straight back to your cash account. Cancel this order?',
  },
  sellUndoTip: {
    'zh-CN': '撤单后份额将恢复到您的持仓，你确定撤单吗？',
    'en-US': 'After cancelling, the shares return to your holding. Cancel this order?',
  },
  stateMsgPaid: { 'zh-CN': '交易系统受理成功，等待基金公司确认', 'en-US': 'Accepted; waiting for the fund company to confirm' },
  stateMsgConfirmed: { 'zh-CN': '交易成功', 'en-US': 'Completed' },
  stateMsgCancelled: { 'zh-CN': '订单已撤销', 'en-US': 'The order was cancelled' },
  stateMsgFailed: { 'zh-CN': '交易失败', 'en-US': 'The order failed' },
  partialRefund: {
    'zh-CN': '超过基金大额申购限制，{amount} 元确认失败，已退回银行卡',
    'en-US': '{amount} CNY above the fund’s large-purchase limit was not confirmed and goes back to your card',
  },
  fundCompanyRefused: { 'zh-CN': '基金公司确认失败：{reason}', 'en-US': 'The fund company refused the order: {reason}' },
  fundCompanyRefusedPlain: { 'zh-CN': '基金公司确认失败', 'en-US': 'The fund company did not confirm the order' },
  orderAlreadyClosed: { 'zh-CN': '该订单已{status}，不可撤单', 'en-US': 'This order is already {status} and cannot be cancelled' },
  // Advisory (issue 23)
  planNotFound: { 'zh-CN': '组合不存在：{code}', 'en-US': 'No portfolio with code {code}' },
  advisorNotFound: { 'zh-CN': '投顾机构不存在：{code}', 'en-US': 'No advisor with code {code}' },
  departureNotFound: { 'zh-CN': '调仓记录不存在：{id}', 'en-US': 'No departure {id}' },
  advisoryKycRequired: {
    'zh-CN': '请先完成投顾问卷：了解您的投资目标、期限和风险承受能力后，才能为您展示投资策略',
    'en-US':
      'Please answer the advisory questionnaire first: a strategy is shown only once your goal, horizon and risk tolerance are known',
  },
  advisoryKycInvalid: { 'zh-CN': '投顾问卷答案不完整：{field}', 'en-US': 'The advisory questionnaire is incomplete: {field}' },
  advisoryRiskAboveLevel: {
    'zh-CN': '该组合风险等级（R{planRisk}）高于您的风险承受能力（C{investorLevel}），根据适当性要求不能签约',
    'en-US': 'This portfolio (risk R{planRisk}) is above your risk tolerance (C{investorLevel}); suitability rules do not allow signing it',
  },
  advisoryNotSigned: {
    'zh-CN': '请先签署该组合的投顾服务协议',
    'en-US': 'Please sign the advisory service agreement of this portfolio first',
  },
  advisoryWindowClosed: {
    'zh-CN': '本次调仓的跟车时间已于 {closes} 截止',
    'en-US': 'This departure could be followed until {closes}',
  },
  advisoryRefused: { 'zh-CN': '{reason}', 'en-US': '{reason}' },
  advisoryOrderNotFound: { 'zh-CN': '投顾订单不存在', 'en-US': 'No such advisory order' },
  advisorySharesReserved: {
    'zh-CN': '其中 {reserved} 份属于投顾账户，请在投顾账户中赎回；此处最多可卖 {available} 份',
    'en-US': '{reserved} of these shares are in an advisory account: redeem them from the account; at most {available} can be sold here',
  },
  // Activities (issue 25)
  activityNotFound: { 'zh-CN': '活动不存在或已下线：{id}', 'en-US': 'No such activity (or it was withdrawn): {id}' },
  activityNotStarted: { 'zh-CN': '活动尚未开始，{start} 开始', 'en-US': 'The activity has not started yet; it starts on {start}' },
  activityEnded: { 'zh-CN': '活动已于 {end} 结束', 'en-US': 'The activity ended on {end}' },
  activityConfigInvalid: { 'zh-CN': '活动配置不正确：{field} {reason}', 'en-US': 'Invalid activity: {field} {reason}' },
  couponNotNewInvestor: {
    'zh-CN': '该优惠券仅限尚未买入过基金的新用户领取',
    'en-US': 'This coupon is for investors who have not bought a fund yet',
  },
  couponAlreadyClaimed: { 'zh-CN': '您已领取过该优惠券', 'en-US': 'You have already claimed this coupon' },
  couponNotFound: { 'zh-CN': '优惠券不存在', 'en-US': 'No such coupon' },
  couponUsed: { 'zh-CN': '该优惠券已使用', 'en-US': 'This coupon has been used' },
  couponExpired: { 'zh-CN': '该优惠券已于 {date} 过期', 'en-US': 'This coupon expired on {date}' },
  couponBelowMinimum: { 'zh-CN': '单笔买入满 {min} 元可用该优惠券', 'en-US': 'This coupon needs a purchase of at least {min} CNY' },
  couponFundNotEligible: { 'zh-CN': '该基金不能使用此优惠券', 'en-US': 'This coupon cannot be used on this fund' },
  couponNoFee: { 'zh-CN': '该笔买入没有申购费，无需使用优惠券', 'en-US': 'This purchase has no fee to reduce' },
  bookingNotOpen: { 'zh-CN': '该基金暂不接受预约', 'en-US': 'This fund takes no bookings' },
  bookingClosed: {
    'zh-CN': '募集已于 {date} 开始，不再接受预约，请直接认购',
    'en-US': 'The raising started on {date}: bookings are closed, subscribe directly',
  },
  bookingBelowMinimum: { 'zh-CN': '最低预约金额为 {min} 元', 'en-US': 'The minimum booking is {min} CNY' },
  bookingAboveMaximum: {
    'zh-CN': '每人最多预约 {max} 元，您还可预约 {left} 元',
    'en-US': 'At most {max} CNY per investor; {left} CNY left to book',
  },
  bookingNotFound: { 'zh-CN': '预约不存在', 'en-US': 'No such booking' },
  bookingNotCancellable: { 'zh-CN': '该预约已{status}，不能取消', 'en-US': 'This booking is already {status} and cannot be cancelled' },
  competitionAlreadyJoined: { 'zh-CN': '您已参加本次比赛', 'en-US': 'You have already joined this contest' },
  competitionNotJoined: { 'zh-CN': '请先报名参赛', 'en-US': 'Join the contest first' },
  competitionWeightsInvalid: {
    'zh-CN': '调仓比例不正确：每只基金 0.01%–100%，合计不超过 100%',
    'en-US': 'Invalid weights: 0.01 %–100 % per fund, 100 % at most in all',
  },
  competitionFundNotAllowed: { 'zh-CN': '{code} 不在本次比赛的可选基金范围内', 'en-US': '{code} is not one of this contest’s funds' },
  competitionTooManyFunds: { 'zh-CN': '组合最多持有 {max} 只基金', 'en-US': 'A portfolio holds at most {max} funds' },
  assetProofDateInvalid: {
    'zh-CN': '请选择开户日（{from}）至今天（{to}）之间的日期',
    'en-US': 'Choose a date from your account opening ({from}) to today ({to})',
  },
  raisingFailed: {
    'zh-CN': '基金募集失败，认购款项已加计银行同期活期存款利息退还',
    'en-US': 'The fund’s raising failed: the subscription was refunded with interest at the demand-deposit rate',
  },
  assetProofNotFound: { 'zh-CN': '资产证明不存在', 'en-US': 'No such asset proof' },
  assetProofUnavailable: {
    'zh-CN': '资产证明暂时无法生成，请稍后再试',
    'en-US': 'The asset proof cannot be made right now, please retry later',
  },
  pensionNotOpened: {
    'zh-CN': '您尚未开通个人养老金账户，请先开通',
    'en-US': 'You have no personal pension account yet: open one first',
  },
  pensionAlreadyOpened: {
    'zh-CN': '您已开通个人养老金资金账户，每人只能开立一个',
    'en-US': 'You already have a personal pension account: one per person',
  },
  pensionSocialAccountMissing: {
    'zh-CN': '请先在国家社会保险公共服务平台、电子社保卡或掌上12333开立个人养老金账户，再来开通资金账户',
    'en-US':
      'First open your personal pension account at the national social-insurance service platform, the electronic social-security card or the 12333 app, then come back to open the fund account',
  },
  pensionFundOnly: {
    'zh-CN': '{name}为个人养老金Y类份额，只能使用个人养老金资金账户买卖',
    'en-US': '{name} is a personal pension Y class: it is bought and sold only through the pension account',
  },
  pensionNotEligible: {
    'zh-CN': '个人养老金资金账户只能买卖个人养老金基金（Y类份额），{name}不在名录内',
    'en-US': 'The pension account only buys and sells pension funds (Y classes); {name} is not one of them',
  },
  pensionInsufficient: {
    'zh-CN': '个人养老金资金账户余额不足，可用 {available} 元',
    'en-US': 'Not enough in your pension account: {available} CNY available',
  },
  pensionCapExceeded: {
    'zh-CN': '个人养老金每年缴存上限 12,000.00 元，{year} 年还可缴存 {room} 元',
    'en-US': 'Pension contributions are capped at 12,000.00 CNY a year; {room} CNY left for {year}',
  },
  pensionContributionClosed: {
    'zh-CN': '您已按达到领取基本养老金年龄领取个人养老金，不能再缴存',
    'en-US': 'You are drawing your pension at the basic-pension age: no more contributions',
  },
  pensionConditionNotMet: {
    'zh-CN': '尚未达到领取基本养老金的年龄：您将于 {date} 达到',
    'en-US': 'You have not reached the basic-pension age yet: you reach it on {date}',
  },
  pensionConditionNotInForce: {
    'zh-CN': '该领取条件自 {since} 起施行',
    'en-US': 'This withdrawal condition applies from {since}',
  },
  pensionCategoryNotApplicable: {
    'zh-CN': '退休年龄类别（女职工 50 周岁 / 女干部 55 周岁）仅在按达到领取基本养老金年龄领取时由女性申报',
    'en-US':
      'The retirement-age category (women workers 50 / women in management and technical posts 55) is declared only by a woman withdrawing at the basic-pension age',
  },
} satisfies Messages;

export type ServerMessageKey = keyof typeof serverMessages;

export function formatMessage(key: ServerMessageKey, locale: ServerLocale, params: Record<string, string | number> = {}): string {
  return serverMessages[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** zh-CN unless the client prefers English (Accept-Language or the `lang` cookie). */
export function localeOf(acceptLanguage: string | undefined, langCookie?: string): ServerLocale {
  const preferred = (langCookie ?? acceptLanguage ?? '').trim().toLowerCase();
  return preferred.startsWith('en') ? 'en-US' : 'zh-CN';
}
