import type { AgreementText } from './types';

// 用户服务协议 (service agreement): who provides what, the account, the user's duties, what we are not liable for,
// changes, ending, law and disputes. Placeholders are the brand's (src/lib/brand.ts).
export const serviceAgreement: AgreementText = {
  'zh-CN': [
    {
      heading: '一、协议的订立',
      paragraphs: [
        '本《用户服务协议》（以下简称“本协议”）是您与{company}（以下简称“我们”）之间关于使用“{name}”网站、H5页面、小程序及相关服务（以下统称“本平台”）的协议。',
        '请您在注册、登录或使用本平台前仔细阅读本协议，特别是以“请注意”标示的免除或限制责任条款和争议解决条款。您勾选“我已阅读并同意”、登录或实际使用本平台，即表示您已充分理解并同意本协议；如不同意，请停止使用。',
        '您在本平台购买基金等产品时，还应遵守《基金销售服务协议》《基金投资风险揭示书》、各基金的基金合同、招募说明书和产品资料概要；我们如何处理您的个人信息，以《隐私政策》为准。',
      ],
    },
    {
      heading: '二、服务内容',
      paragraphs: [
        '本平台提供基金信息展示、基金筛选与排行、指数估值、自选、基金交易（申购、认购、赎回、定投、现金管理）、资产与收益查询、风险测评及客户服务等功能。具体功能以本平台实际提供的为准，我们可能根据业务发展增加、调整或停止部分功能，并以公告等方式提前告知。',
        '本平台展示的基金净值、收益率、排名、估值等信息来源于基金管理人公告、第三方数据或我们依公开数据计算，仅供参考，不构成投资建议或收益承诺。',
        '{licence}',
      ],
    },
    {
      heading: '三、账户的注册与使用',
      paragraphs: [
        '您可以使用中国大陆手机号码及短信验证码登录本平台；首次登录即注册本平台账户。您应保证手机号码为本人实名使用，并对该账户下的一切行为负责。',
        '开立基金交易账户须完成实名认证：提供本人真实姓名、有效身份证件号码、本人名下银行卡及银行预留手机号，并设置6位交易密码。本平台仅为年满18周岁、具有完全民事行为能力的自然人开立基金交易账户；一个身份证件号码仅可开立一个账户。',
        '请妥善保管手机、短信验证码与交易密码，不要告诉任何人（包括自称客服的人员）。交易密码连续输错5次，交易功能将锁定3小时。如发现账户被盗用，请立即致电客服 {phone} 冻结账户。',
        '您可以在“我的 → 设置”修改交易密码、更换手机号；如需注销账户，请致电客服或在“客服中心”留言申请（问题类型选“账户与开户”），我们将在15个工作日内办理。注销前您名下不得有持有中的基金份额、在途交易、未完成的定投计划或现金宝余额；注销后我们将按《隐私政策》处理您的个人信息，但依法须保存的交易与适当性记录除外。',
      ],
    },
    {
      heading: '四、您的义务',
      paragraphs: [
        '您应提供真实、准确、完整的身份信息，并在信息变更时及时更新；如因信息不实导致交易失败、资金无法到账或其他损失，由您自行承担。',
        '您承诺资金来源合法，不利用本平台从事洗钱、恐怖融资、逃税、非法集资等违法活动，并配合我们依法开展客户身份识别、反洗钱调查等工作。',
        '您不得以任何方式干扰本平台正常运行，包括但不限于：使用自动化手段批量注册、抓取数据、发送请求；破解、反向工程本平台；冒用他人身份；传播违法或侵权信息。',
      ],
    },
    {
      heading: '五、知识产权',
      paragraphs: [
        '本平台的界面设计、文字、图表、软件及数据汇编等受法律保护。未经许可，您不得复制、转载或用于商业用途。本平台使用的开源软件按其各自的许可证授权。',
      ],
    },
    {
      heading: '六、风险提示与责任限制',
      paragraphs: [
        '请注意：基金有风险，投资需谨慎。基金的过往业绩不代表其未来表现，基金管理人管理的其他基金的业绩也不构成本基金业绩表现的保证。我们不对基金的收益或本金作任何承诺。',
        '因不可抗力、网络或通信故障、银行或支付机构系统故障、基金管理人或注册登记机构原因、监管要求等非我们过错造成的服务中断或延迟，我们不承担责任，但会尽力减少您的损失并及时告知。',
        '我们对本平台进行定期或临时维护时，将尽可能提前公告并选择非交易时段进行。',
      ],
    },
    {
      heading: '七、协议的变更与终止',
      paragraphs: [
        '我们可能因法律法规变化或业务调整修订本协议。修订后的协议将在本平台公布，并标明版本号与生效日期；涉及您重大权益的变更，我们会在生效前以弹窗、站内消息等显著方式通知您，并在您下次开户或交易前请您重新确认。',
        '您注销账户，或违反本协议且情节严重时，本协议终止。协议终止不影响终止前已发生交易的效力及各方的权利义务。',
      ],
    },
    {
      heading: '八、法律适用与争议解决',
      paragraphs: [
        '本协议适用中华人民共和国法律（为本协议之目的，不含香港、澳门特别行政区及台湾地区法律）。',
        '因本协议产生的争议，双方应友好协商；协商不成的，任何一方可向{company}住所地有管辖权的人民法院提起诉讼。您也可以向中国证券投资基金业协会申请调解，或拨打中国证监会12386服务热线投诉。',
      ],
    },
    {
      heading: '九、联系我们',
      paragraphs: ['客服电话：{phone}（{hours}）；在线留言：本平台“客服中心”；运营方：{company}，地址：{address}。'],
    },
  ],
  'en-US': [
    {
      heading: '1. This agreement',
      paragraphs: [
        'This Service Agreement (the "Agreement") is between you and {company} ("we") for the use of the "{name}" website, H5 pages, mini program and related services (the "Platform").',
        'Please read it carefully before you register, log in or use the Platform, in particular the clauses that limit our liability and the clause on disputes. Ticking "I have read and agree", logging in or using the Platform means you understand and accept this Agreement; if you do not, please stop using the Platform.',
        "When you buy funds or other products here, the Fund Sales Service Agreement, the Fund Investment Risk Disclosure and each fund's contract, prospectus and key facts also apply; how we handle your personal data is governed by the Privacy Policy.",
      ],
    },
    {
      heading: '2. What we provide',
      paragraphs: [
        'Fund information, screening and rankings, index valuation, a watchlist, fund trading (subscription, purchase, redemption, auto-invest, cash management), holdings and income, the risk assessment and customer service. We may add, change or stop features and will announce it in advance.',
        "Net asset values, returns, rankings and valuations shown come from fund managers' announcements, third-party data or our own calculation from public data. They are for reference only and are neither investment advice nor a promise of returns.",
        '{licence}',
      ],
    },
    {
      heading: '3. Your account',
      paragraphs: [
        'You log in with a mainland China mobile number and an SMS code; your first login registers an account. The number must be registered in your own name, and you are responsible for everything done under your account.',
        'A fund trading account needs real-name verification: your legal name, ID number, a bank card in your own name and the phone number the bank holds for it, and a 6-digit trade password. We open trading accounts only for individuals aged 18 or over with full legal capacity, one account per ID number.',
        'Keep your phone, SMS codes and trade password to yourself — never tell anyone, including someone claiming to be customer service. Five wrong trade passwords in a row lock trading for 3 hours. If your account is misused, call {phone} at once to have it frozen.',
        'Under My → Settings you can change your trade password or phone number; to close your account, call customer service or write to us on the Customer service page (topic "Account and opening") and we do it within 15 working days. An account can be closed when it holds no fund shares, pending orders, active auto-invest plans or cash-management balance; after closing we handle your personal data as the Privacy Policy says, except trade and suitability records the law requires us to keep.',
      ],
    },
    {
      heading: '4. Your obligations',
      paragraphs: [
        'Give true, accurate and complete identity information and keep it up to date; losses caused by false information (failed orders, money not arriving) are yours.',
        'Your money must come from lawful sources. Do not use the Platform for money laundering, terrorist financing, tax evasion or illegal fund-raising, and cooperate with customer due diligence and anti-money-laundering checks.',
        'Do not disrupt the Platform: no automated mass registration, scraping or requests, no cracking or reverse engineering, no impersonation, no unlawful or infringing content.',
      ],
    },
    {
      heading: '5. Intellectual property',
      paragraphs: [
        "The Platform's design, texts, charts, software and data compilations are protected by law; do not copy or use them commercially without permission. Open-source software in the Platform is licensed under its own licences.",
      ],
    },
    {
      heading: '6. Risks and limits of liability',
      paragraphs: [
        "Please note: funds carry risk; invest with care. A fund's past performance does not predict its future, and the performance of other funds of the same manager is no guarantee for this one. We promise neither returns nor your principal.",
        'We are not liable for interruptions or delays we did not cause — force majeure, network failures, failures of banks or payment institutions, of fund managers or registrars, or regulatory requirements — but we will do our best to limit your loss and tell you promptly.',
        'Planned maintenance is announced in advance and scheduled outside trading hours where possible.',
      ],
    },
    {
      heading: '7. Changes and termination',
      paragraphs: [
        'We may revise this Agreement when laws or our business change. A revision is published on the Platform with its version and effective date; for changes that matter to your rights we tell you prominently before they apply and ask you to accept again before your next opening or order.',
        'This Agreement ends when you close your account or after a serious breach. Orders placed before it ends stay valid with the rights and duties they carry.',
      ],
    },
    {
      heading: '8. Governing law and disputes',
      paragraphs: [
        "The laws of the People's Republic of China apply (for this Agreement excluding those of Hong Kong, Macao and Taiwan).",
        "We will try to settle any dispute by talking; failing that, either party may sue at the competent people's court where {company} is domiciled. You may also ask the Asset Management Association of China to mediate, or complain to the CSRC hotline 12386.",
      ],
    },
    {
      heading: '9. Contact',
      paragraphs: ['Customer service {phone} ({hours}); messages: the Customer service page; operator: {company}, {address}.'],
    },
  ],
};
