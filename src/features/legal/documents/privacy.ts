import type { AgreementText } from './types';

// 隐私政策 (privacy policy) under the Personal Information Protection Law (PIPL): what is collected and why, the legal
// basis, how long it is kept, who receives it, the user's rights and how to use them, minors, cross-border, contact.
// What it says must stay true of the code: docs/SECURITY.md (encryption at rest), migrations (what is stored).
export const privacyPolicy: AgreementText = {
  'zh-CN': [
    {
      heading: '引言',
      paragraphs: [
        '{company}（以下简称“我们”）是“{name}”（以下简称“本平台”）的运营者，也是您个人信息的处理者。我们依据《中华人民共和国个人信息保护法》（以下简称《个人信息保护法》）、《中华人民共和国网络安全法》、《中华人民共和国数据安全法》及金融监管规定处理您的个人信息，遵循合法、正当、必要和诚信原则，只处理实现本政策所述目的所需的最少信息。',
        '本政策说明：我们收集哪些信息、为什么收集、依据什么、保存多久、与谁共享，以及您享有哪些权利、如何行使。其中身份证件号码、银行卡号、交易记录等属于敏感个人信息，我们在收集前向您说明其必要性并取得您的单独同意。',
      ],
    },
    {
      heading: '一、我们收集的信息及目的',
      paragraphs: [
        '1. 登录与账户安全：手机号码、短信验证码（仅保存其加盐摘要，不保存验证码本身）、登录令牌、登录时间与IP地址。目的：为您注册、登录账户，识别异常登录，防止验证码被滥用。法律依据：为订立、履行您作为一方当事人的合同所必需（《个人信息保护法》第十三条第一款第二项）。',
        '2. 开户与实名认证（敏感个人信息）：真实姓名、身份证件号码、银行卡号、银行预留手机号、年收入区间。目的：依《中华人民共和国反洗钱法》履行客户身份识别义务，依基金销售规定开立基金交易账户、绑定同名银行卡用于资金划转，并核验您已年满18周岁。法律依据：履行法定义务所必需（第十三条第一款第三项）及您的单独同意（第二十九条）。不提供这些信息，您仍可浏览基金信息，但无法开户交易。',
        '3. 风险测评与适当性（敏感个人信息）：风险测评问卷答案、风险承受能力等级、购买高于您风险等级产品时的风险警示及您的确认、您同意的协议及其版本和时间。目的：依《证券期货投资者适当性管理办法》向您推荐、销售与您风险承受能力相匹配的产品，并保存履行适当性义务的记录。法律依据：履行法定义务所必需。',
        '4. 交易记录（敏感个人信息）：申购、赎回、撤单、定投计划、现金宝转入转出、分红、份额与收益。目的：执行您的交易指令，向基金管理人和注册登记机构提交交易申请，向您展示资产和收益，对账与纠错。法律依据：履行合同所必需；保存期限依法律规定。',
        '5. 设备与安全信息：设备加密密钥（本机生成的X25519公钥及其设备编号）、XSRF防护令牌、浏览器类型（User-Agent）、IP地址。目的：加密传输您的手机号与验证码、防止跨站请求伪造和接口滥用（按IP限流）。法律依据：履行合同所必需（保障交易安全）。',
        '6. 使用情况统计：匿名访客编号、页面与点击事件、设备平台和屏幕尺寸、来源渠道。目的：统计功能使用情况、改进产品。这些记录不含您的手机号、证件号等身份信息。法律依据：您的同意；您可以随时通过下文第八部分的方式撤回，清除浏览器本地存储也会重置匿名访客编号。',
        '7. 自选基金与客服留言：您加入自选的基金代码；您在客服中心提交的问题描述和联系方式（手机号或邮箱）。目的：同步您的自选列表；回复并处理您的问题。',
        '8. 微信登录（如您选择）：微信授权返回的用户标识（openid/unionid）。目的：将微信账号与本平台账户绑定以便快捷登录。您可以随时解除绑定。',
        '我们不会收集您的通讯录、相册、精确位置、麦克风或摄像头信息，也不会基于您的个人信息进行自动化决策来决定交易价格或条件。',
      ],
    },
    {
      heading: '二、我们如何保存和保护您的信息',
      paragraphs: [
        '存储地点：您的个人信息存储于中华人民共和国境内的服务器，我们不会向境外提供您的个人信息。如未来确需向境外提供，我们将依《个人信息保护法》第三十八条至第三十九条告知您并取得您的单独同意，并完成法定的安全评估或认证程序。',
        '安全措施：姓名、身份证件号码、银行卡号、银行预留手机号及客服留言中的联系方式以AES-256-GCM加密后存储；证件号码的唯一性校验使用带密钥的摘要，不以明文比对；手机号和验证码在传输中另行加密；交易密码仅保存不可逆的哈希值。我们对员工访问个人信息实行最小授权和审计。',
        '保存期限：',
        '· 身份资料、交易记录及与基金销售业务有关的资料：依《公开募集证券投资基金销售机构监督管理办法》及《中华人民共和国反洗钱法》，自业务关系结束（销户）或交易结束起至少保存20年（其中反洗钱要求为不少于10年，取较长者）。',
        '· 风险测评结果、风险警示与确认、协议同意记录等适当性资料：依《证券期货投资者适当性管理办法》，保存期限不少于20年。',
        '· 登录令牌：最长120天，退出登录时立即删除，过期后次日删除；短信验证码摘要：5分钟后失效，不能再用于登录或验证，次日删除；设备加密密钥：2天未使用即失效，次日删除。',
        '· 使用情况统计：保存不超过2年；客服留言：处理完毕后保存3年，用于服务质量核查和投诉处理。',
        '超过保存期限后，我们将删除或匿名化处理您的个人信息（每日自动执行）；法律法规另有规定的，从其规定。',
        '如发生个人信息泄露等安全事件，我们将依法立即启动应急预案，及时告知您事件情况、可能的影响、我们已采取的措施和您可以采取的防范建议，并向监管部门报告。',
      ],
    },
    {
      heading: '三、我们如何共享、委托处理和公开披露您的信息',
      paragraphs: [
        '我们不会出售您的个人信息。仅在以下情形中，为实现本政策所述目的所必需，向下列接收方提供必要的信息，并要求其依法保护：',
        '· 基金管理人及其注册登记机构（如中国证券登记结算有限责任公司或基金管理人自建的登记机构）：姓名、证件类型与号码、基金账户、交易申请。目的：开立基金账户、确认份额、办理赎回与分红。',
        '· 基金托管人：仅在法律法规或基金合同要求时（如资金交收、份额持有人大会）提供必要的持有人信息。',
        '· 银行及支付机构：姓名、证件号码、银行卡号、预留手机号、交易金额。目的：验证银行卡、扣款与资金划回。',
        '· 监管机构和有权机关：依法律法规、监管要求或司法程序，向中国证监会及其派出机构、中国人民银行（含大额和可疑交易报告）、公安及司法机关等提供。',
        '· 受托处理者：短信服务商（仅手机号码和短信内容）、云服务与数据中心服务商。我们与其签订委托处理协议，约定处理目的、期限、方式和安全措施，并监督其处理活动（《个人信息保护法》第二十一条）。',
        '除上述情形外，向其他第三方提供您的个人信息前，我们会告知接收方名称、联系方式、处理目的和方式及信息种类，并取得您的单独同意。我们不会公开披露您的个人信息，法律法规另有规定的除外。',
        '因合并、分立、解散或被宣告破产需要转移个人信息的，我们会告知接收方的名称和联系方式，接收方继续履行本政策义务；变更处理目的或方式的，将重新取得您的同意。',
      ],
    },
    {
      heading: '四、您的权利及行使方式',
      paragraphs: [
        '依《个人信息保护法》第四十四条至第五十条，您对您的个人信息享有以下权利：',
        '· 查阅与复制：在“我的资产”、交易记录和“协议与政策”页面查看您的资产、交易和协议同意记录；在“我的 → 设置 → 个人信息导出”随时获取您的个人信息副本。',
        '· 转移（导出）：“个人信息导出”以通用的JSON格式提供您的手机号、实名信息、风险测评、协议同意记录、银行卡（已脱敏）、交易与持仓、现金宝、定投计划、客服留言和登录记录；在符合国家网信部门规定条件时，您也可以请求转移至您指定的其他处理者。',
        '· 更正与补充：发现信息不准确或不完整的，可以在“我的 → 设置”更换手机号、修改交易密码；姓名、证件、银行卡等开户信息的更正请联系客服，我们核验身份后办理。',
        '· 删除：处理目的已实现或无法实现、我们停止提供服务、您撤回同意、保存期限届满或我们违法处理时，您可以请求删除。依法须保存且保存期限未届满的信息（如上文的交易与适当性记录），我们将停止除存储和采取必要安全措施以外的处理。',
        '· 撤回同意：对基于同意处理的信息（如使用情况统计、微信绑定），您可以联系我们撤回或解除绑定。撤回不影响撤回前基于同意已进行的处理。',
        '· 注销账户：您可以在“我的 → 设置 → 注销账户”凭短信验证码自助注销，也可以致电客服或在“客服中心”留言申请（我们在15个工作日内办理）。账户内须无持有份额、现金宝余额、未确认交易和在途资金，且定投计划均已终止。注销后登录状态立即失效，手机号可重新注册；交易密码、微信绑定、自选等信息即时删除；依法须保存的身份资料（含手机号）、交易记录和适当性资料不再使用，仅作存储，按上文期限届满后删除。',
        '· 解释说明：您可以要求我们就个人信息处理规则作出解释说明。',
        '如何行使：拨打客服电话 {phone}（{hours}），或在“客服中心”留言（问题类型选“个人信息”），或发送邮件至 {email}。为保障安全，我们可能需要先验证您的身份（例如短信验证码）。我们将在收到请求并验证身份后15个工作日内答复（参照《信息安全技术 个人信息安全规范》GB/T 35273）；拒绝的，将说明理由。对合理请求我们原则上不收取费用。',
        '如您认为我们的处理侵害了您的合法权益，可以向我们投诉，也可以向网信、金融监管等有关部门投诉、举报，或依法向人民法院提起诉讼。',
      ],
    },
    {
      heading: '五、未成年人',
      paragraphs: [
        '本平台的基金交易服务仅面向年满18周岁的成年人，开户时我们通过身份证件号码核验年龄，不为未成年人开立基金交易账户。我们不会主动收集不满十四周岁未成年人的个人信息；如发现误收集，将尽快删除。监护人如发现此类情况，请通过下文方式联系我们。',
      ],
    },
    {
      heading: '六、Cookie 与本地存储',
      paragraphs: [
        '我们使用必要的Cookie和本地存储保存登录状态（xq_a_token）、XSRF防护令牌、设备加密密钥、语言偏好和您未提交完的开户表单（仅保存在本机会话中，提交后清除）。这些是提供服务所必需的；我们不使用第三方广告Cookie。您可以在浏览器中清除它们，清除后需要重新登录。',
      ],
    },
    {
      heading: '七、本政策的更新',
      paragraphs: [
        '我们可能适时更新本政策，并在本页标明版本号和生效日期。对处理目的、方式、信息种类或共享对象作出重大变更时，我们会在生效前以显著方式通知您，并在需要时重新征得您的同意。您可以在“协议与政策”页面查看您同意过的版本。',
      ],
    },
    {
      heading: '八、联系我们',
      paragraphs: ['个人信息处理者：{company}；地址：{address}；个人信息保护联系邮箱：{email}；客服电话：{phone}（{hours}）。'],
    },
  ],
  'en-US': [
    {
      heading: 'Introduction',
      paragraphs: [
        '{company} ("we") operates "{name}" (the "Platform") and is the handler of your personal information. We handle it under the Personal Information Protection Law of the PRC (PIPL), the Cybersecurity Law, the Data Security Law and the financial regulations, lawfully, fairly, only as far as necessary and in good faith, and only the least information the purposes below need.',
        'This policy says what we collect, why, on what legal basis, how long we keep it, who receives it, and which rights you have and how to use them. Your ID number, bank card number and trade records are sensitive personal information; we ask for your separate consent before collecting them.',
      ],
    },
    {
      heading: '1. What we collect and why',
      paragraphs: [
        '1. Login and account security: mobile number, SMS codes (only a salted digest is kept, never the code), login tokens, login time and IP address — to register and log you in, detect unusual logins and stop code abuse. Basis: necessary for the contract with you (PIPL Art. 13(1)(2)).',
        '2. Account opening and real-name verification (sensitive): legal name, ID number, bank card number, the phone number your bank holds, annual income bracket — for customer due diligence under the Anti-Money Laundering Law, to open your fund trading account and bind a card in your own name for payments, and to check you are 18 or over. Basis: legal obligations (Art. 13(1)(3)) and your separate consent (Art. 29). Without them you can still browse, but not open an account or trade.',
        '3. Risk assessment and suitability (sensitive): your questionnaire answers, your risk tolerance level, risk warnings shown when you buy a product above your level and your confirmations, and the agreements you accepted with their versions and times — to sell you products that match your risk tolerance under the Measures on Investor Suitability and keep the records. Basis: legal obligations.',
        '4. Trade records (sensitive): purchases, redemptions, cancellations, auto-invest plans, cash-management transfers, dividends, shares and income — to carry out your orders, send them to fund managers and registrars, show your holdings and income, reconcile and correct. Basis: the contract; retention as the law requires.',
        '5. Device and security data: the device encryption key (an X25519 public key made on your device, and its device id), an XSRF token, the browser type (User-Agent) and IP address — to encrypt your phone number and codes in transit, stop cross-site request forgery and rate-limit abuse. Basis: the contract (secure trading).',
        "6. Usage statistics: an anonymous visitor id, page and tap events, platform and screen size, the referring channel — to learn which features are used and improve them. They carry no phone or ID number. Basis: your consent; withdraw it any time as section 8 says (clearing your browser's storage also resets the visitor id).",
        '7. Watchlist and customer-service messages: the fund codes you follow; the question and the contact (mobile or e-mail) you write to customer service — to keep your watchlist and answer you.',
        '8. WeChat login (if you use it): the user identifiers WeChat returns (openid/unionid) — to link your WeChat account for quick login. You can unlink it at any time.',
        'We do not collect your contacts, photos, precise location, microphone or camera, and we make no automated decisions about prices or terms from your personal information.',
      ],
    },
    {
      heading: '2. How we keep and protect it',
      paragraphs: [
        "Location: on servers inside the People's Republic of China. We provide no personal information abroad; should that ever be needed we will tell you, ask for your separate consent and complete the assessments PIPL Art. 38–39 require.",
        'Security: names, ID numbers, card numbers, reserved phone numbers and the contacts of service messages are stored encrypted with AES-256-GCM; the one-account-per-ID check uses a keyed digest, never clear text; phone numbers and codes are encrypted again in transit; trade passwords are kept only as one-way hashes. Staff access is least-privilege and audited.',
        'How long:',
        '· Identity data, trade records and fund-sales records: at least 20 years after the business relationship ends (account closed) or the trade ends, under the Measures for Public Fund Sales Institutions and the Anti-Money Laundering Law (which requires at least 10 years; the longer applies).',
        '· Suitability records (risk assessments, warnings and confirmations, agreement acceptances): at least 20 years, under the Measures on Investor Suitability.',
        '· Login tokens: 120 days at most, deleted at logout, or the day after they expire; SMS code digests: expire after 5 minutes and can no longer be used, deleted the next day; device keys: expire after 2 days unused, deleted the next day.',
        '· Usage statistics: at most 2 years; customer-service messages: 3 years after they are closed, for quality checks and complaints.',
        'After that we delete or anonymise the information (a daily job does it), unless a law says otherwise.',
        'In a security incident such as a data leak we act on our response plan at once, tell you what happened, its possible effects, what we did and what you can do, and report to the regulators.',
      ],
    },
    {
      heading: '3. Sharing, processors and disclosure',
      paragraphs: [
        'We never sell personal information. We provide only what is necessary for the purposes above, to these recipients, who must protect it by law:',
        "· Fund managers and their registrars (such as China Securities Depository and Clearing or a manager's own registrar): name, ID type and number, fund account and orders — to open fund accounts, confirm shares, pay redemptions and dividends.",
        "· Fund custodians: necessary holder data only where a law or the fund contract requires it (settlement, holders' meetings).",
        '· Banks and payment institutions: name, ID number, card number, reserved phone and amounts — to verify cards, debit and pay back.',
        "· Regulators and authorities: the CSRC and its offices, the People's Bank of China (including large-value and suspicious transaction reports), police and courts, as laws, regulations or legal process require.",
        '· Processors: the SMS provider (phone number and message only) and cloud and data-centre providers, under processing agreements that fix purpose, duration, method and security, which we supervise (PIPL Art. 21).',
        'Before giving personal information to anyone else we tell you the recipient, its contact, purpose, method and the kinds of information, and ask for your separate consent. We disclose nothing publicly unless a law requires it.',
        'If a merger, division, dissolution or bankruptcy requires a transfer, we tell you the recipient, who must keep this policy; a new purpose or method needs your consent again.',
      ],
    },
    {
      heading: '4. Your rights and how to use them',
      paragraphs: [
        'Under PIPL Art. 44–50 you may:',
        '· Access and copy: see your holdings, trades and agreement acceptances on My money, the order pages and "Agreements and policies"; get a copy of your personal information at any time under My → Settings → Export my data.',
        "· Port (export): Export my data gives your phone number, identity, risk assessments, agreement acceptances, bank cards (masked), orders and holdings, cash account, auto-invest plans, service messages and logins in a common format (JSON); where the Cyberspace Administration's conditions are met you may also have it transferred to another handler you name.",
        '· Correct and complete: change your phone number or trade password under My → Settings; for your name, ID or bank card contact customer service, who verify your identity first.',
        '· Delete: when the purpose is achieved or can no longer be, we stop the service, you withdraw consent, the retention period ends or we handled it unlawfully. Information a law requires us to keep (the trade and suitability records above) is then only stored and protected, nothing more.',
        '· Withdraw consent: for what we handle on consent (usage statistics, WeChat link), ask us to stop or unlink. Withdrawal does not affect handling before it.',
        '· Close your account: yourself, with an SMS code, under My → Settings → Close account, or by calling customer service or writing on the Customer service page (we act within 15 working days). You must hold no shares, no cash-management balance, no pending orders or money on its way, and every auto-invest plan must be stopped. Closing logs you out at once and frees your phone number; your trade password, WeChat link and watchlist are deleted at once; identity data (including the phone number), trade and suitability records the law requires are no longer used, only stored, and deleted when the periods above end.',
        '· Ask us to explain these rules.',
        'How: call {phone} ({hours}), write on the Customer service page (topic "Personal data"), or e-mail {email}. We may first verify your identity (for example with an SMS code). We answer within 15 working days of a verified request (following GB/T 35273, the Personal Information Security Specification) and give reasons if we refuse. Reasonable requests are free.',
        "If you believe we infringed your rights you may complain to us, to the cyberspace or financial regulators, or sue at a people's court.",
      ],
    },
    {
      heading: '5. Minors',
      paragraphs: [
        'Fund trading is only for adults aged 18 or over; we check the age from the ID number at opening and open no trading account for a minor. We do not knowingly collect information of children under 14 and delete it if we find we did; guardians who notice such a case, please contact us.',
      ],
    },
    {
      heading: '6. Cookies and local storage',
      paragraphs: [
        'We use the cookies and local storage the service needs: your login (xq_a_token), the XSRF token, the device key, your language, and an unfinished opening form (kept in this session only, cleared when submitted). We use no third-party advertising cookies. You can clear them in your browser and log in again.',
      ],
    },
    {
      heading: '7. Changes to this policy',
      paragraphs: [
        'Updates carry a new version and effective date on this page. For material changes to purposes, methods, kinds of information or recipients we tell you prominently before they apply and ask for your consent again where needed. "Agreements and policies" shows the versions you accepted.',
      ],
    },
    {
      heading: '8. Contact',
      paragraphs: ['Handler: {company}; address: {address}; personal-data contact: {email}; customer service: {phone} ({hours}).'],
    },
  ],
};
