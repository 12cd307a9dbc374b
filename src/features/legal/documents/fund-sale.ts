import type { AgreementText } from './types';

// 基金销售服务协议 (fund sales service agreement): the fund trading account, orders and their confirmation (T+1, the
// 15:00 cut-off), fees, redemption, the cash product, auto-invest, suitability, complaints.
export const fundSaleAgreement: AgreementText = {
  'zh-CN': [
    {
      heading: '一、协议双方与适用范围',
      paragraphs: [
        '本协议由您（以下简称“投资者”）与{company}（以下简称“销售机构”或“我们”）订立，适用于您通过{name}办理的公开募集证券投资基金的开户、认购、申购、赎回、定期定额投资（定投）、现金管理（现金宝）及相关服务。{licence}',
        '基金份额的发售、登记、运作和收益分配由基金管理人、基金托管人和注册登记机构依基金合同办理；我们作为销售机构，负责接收、传递您的交易申请和资金划转，并向您提供查询与服务。本协议未约定的，以基金合同、招募说明书、相关公告及法律法规为准。',
      ],
    },
    {
      heading: '二、基金交易账户',
      paragraphs: [
        '您完成实名认证、绑定本人名下银行卡并设置交易密码后，我们为您开立基金交易账户，并为您向基金管理人的注册登记机构申请开立基金账户。一个投资者仅可开立一个基金交易账户；资金只在您本人同名银行卡与基金之间划转，不经过任何个人账户。',
        '凡使用您的交易密码提交的交易申请，均视为您本人的真实意思表示。请妥善保管交易密码；连续输错5次将锁定交易3小时。',
        '银行卡、手机号、身份证件有效期等信息变更时，请及时在本平台更新；未及时更新导致的交易失败或资金延迟到账由您承担。',
      ],
    },
    {
      heading: '三、交易申请与确认',
      paragraphs: [
        '交易时间：上海证券交易所、深圳证券交易所的交易日为基金开放日（QDII基金另受境外市场休市影响）。交易日15:00前提交的申请按当日（T日）申请处理；15:00后或非交易日提交的，按下一个交易日的申请处理。',
        '未知价原则：申购、赎回按T日收市后计算的基金份额净值成交，提交时看到的净值不是成交价格。申购以金额申请，赎回以份额申请。',
        '确认：注册登记机构通常在T+1个交易日确认份额（QDII基金通常T+2），您可以在T+2日起查看确认结果。申请受理不代表成功，以注册登记机构的确认为准；因基金暂停申购、超过单日或单笔限额、大额申购限制等确认失败的款项，将原路退回您的银行卡。',
        '撤单：15:00前提交的申请，在当日15:00前且尚未确认时可以撤单；撤单后申购款原路退回，赎回份额恢复到您的持仓。',
      ],
    },
    {
      heading: '四、费用',
      paragraphs: [
        '申购费：按基金招募说明书的费率收取，采用外扣法计算：净申购金额 = 申购金额 ÷（1 + 申购费率），申购费用 = 申购金额 − 净申购金额，申购份额 = 净申购金额 ÷ T日基金份额净值。本平台可能在基金管理人同意的范围内对申购费率打折，实际费率在下单页显示；固定费用的档位不打折。',
        '赎回费：按持有期限分档收取；持有少于7日的，依《公开募集开放式证券投资基金流动性风险管理规定》收取不低于1.5%的赎回费并全额计入基金财产。赎回金额 = 赎回份额 × T日基金份额净值 − 赎回费用。',
        '基金的管理费、托管费、销售服务费从基金资产中计提，已反映在基金净值中，不另行向您收取。我们不向您收取开户费、账户管理费或本协议以外的其他费用。',
      ],
    },
    {
      heading: '五、赎回与资金到账',
      paragraphs: [
        '赎回款在注册登记机构确认后由基金管理人划出，一般货币市场基金T+1日、债券型基金T+3日内、股票型和混合型基金T+4日内到达您的银行卡，QDII基金时间较长；具体以基金合同和招募说明书为准。遇巨额赎回，基金管理人可以依基金合同延期办理或延缓支付。',
        '您可以选择将赎回款转入现金宝，到账后即可用于购买其他基金或取出。',
      ],
    },
    {
      heading: '六、现金宝',
      paragraphs: [
        '现金宝是您持有的一只货币市场基金的份额（基金名称见现金宝页面），不是银行存款，不保证收益。转入即申购该基金，转出即赎回；每日收益按基金公布的每万份收益计算，计入您的现金宝份额。',
        '普通取出一般T+1日到账；“快速取现”由本平台先行垫付，实时或最快2小时内到账，依《关于进一步规范货币市场基金互联网销售、赎回相关服务的指导意见》每人每日累计不超过1万元，并可能因垫付额度用尽而暂停。',
      ],
    },
    {
      heading: '七、定投',
      paragraphs: [
        '您可以设定定投的基金、金额、扣款周期（每日、每周、每两周、每月）和扣款日，我们在每个扣款日按普通申购为您提交申请；扣款日为非交易日的，顺延至下一个交易日。',
        '连续3次扣款失败（如银行卡余额不足）的，定投计划自动暂停，您可以在定投详情中恢复、修改或终止。智能定投根据标的指数估值调整扣款金额，调整规则在创建页说明。定投不能规避基金投资的固有风险。',
      ],
    },
    {
      heading: '八、适当性',
      paragraphs: [
        '我们依《证券期货投资者适当性管理办法》对您进行风险承受能力评估，并对基金进行风险评级。风险测评结果有效期内，您可以购买风险等级不高于您风险承受能力的基金；购买高于您风险承受能力的基金时，我们将向您出示风险警示，经您确认后方可提交（C1类投资者除外，不能购买）。',
        '测评结果过期后，请先重新测评再交易。您应如实填写测评问卷；因提供信息不实导致的评估结果偏差及其后果由您承担。',
      ],
    },
    {
      heading: '九、信息披露与对账',
      paragraphs: [
        '基金的净值、定期报告、临时公告等由基金管理人在指定媒介披露，本平台同步展示。您可以随时在本平台查询持仓、收益、交易记录和交易确认结果；如发现记录与实际不符，请在发现后及时联系我们。',
      ],
    },
    {
      heading: '十、投诉与争议解决',
      paragraphs: [
        '您对我们的服务有任何意见或投诉，可以拨打客服电话 {phone}（{hours}）或在“客服中心”留言。我们将在收到投诉后及时受理，并在15个工作日内答复处理结果。',
        '您也可以向中国证券投资基金业协会投诉或申请调解，或拨打中国证监会12386服务热线。因本协议产生的争议，双方协商不成的，可以向{company}住所地有管辖权的人民法院提起诉讼。',
      ],
    },
    {
      heading: '十一、协议的生效、变更与终止',
      paragraphs: [
        '本协议自您在开户页勾选同意并提交开户申请时生效。协议的变更按《用户服务协议》的约定公布和通知；变更后您继续交易的，视为接受变更。',
        '您注销基金交易账户时，本协议终止；终止前已提交的交易按本协议继续履行。依法须保存的交易和适当性资料，我们将自业务关系结束之日起至少保存20年。',
      ],
    },
  ],
  'en-US': [
    {
      heading: '1. Parties and scope',
      paragraphs: [
        'This agreement is between you (the "investor") and {company} (the "seller", "we") and covers opening an account and subscribing, purchasing, redeeming, auto-investing in and managing cash in publicly offered securities investment funds through {name}. {licence}',
        'Fund managers, custodians and registrars issue, register, run and distribute the funds under each fund contract; as the seller we receive and pass on your orders and payments and provide enquiries and service. What this agreement does not settle, the fund contract, prospectus, announcements and the law do.',
      ],
    },
    {
      heading: '2. Your fund trading account',
      paragraphs: [
        "Once you verify your identity, bind a bank card in your own name and set a trade password, we open your fund trading account and apply to the managers' registrars for your fund accounts. One trading account per investor; money moves only between your own card and the funds, never through anyone's personal account.",
        'Every order placed with your trade password counts as your own. Keep it safe; five wrong entries in a row lock trading for 3 hours.',
        'Keep your card, phone number and ID validity up to date here; failures or delays caused by outdated details are yours.',
      ],
    },
    {
      heading: '3. Orders and confirmation',
      paragraphs: [
        "Trading days of the Shanghai and Shenzhen stock exchanges are fund dealing days (QDII funds also follow foreign holidays). Orders placed before 15:00 on a trading day (T) are that day's; later ones, or on non-trading days, belong to the next trading day.",
        'Unknown price: purchases and redemptions are priced at the NAV computed after the close on T, not the NAV you see when ordering. You buy by amount and redeem by shares.',
        "The registrar usually confirms shares on T+1 (QDII usually T+2); you see the result from T+2. Acceptance is not success — the registrar's confirmation is. Money for a purchase that fails (purchases suspended, over a daily or per-order limit, large-purchase limits) goes back to your card.",
        'Cancelling: an order placed before 15:00 can be cancelled until 15:00 that day while unconfirmed; purchase money goes back to your card and redeemed shares back to your holding.',
      ],
    },
    {
      heading: '4. Fees',
      paragraphs: [
        'Purchase fee: at the prospectus rate, computed on the net amount: net amount = amount ÷ (1 + fee rate), fee = amount − net amount, shares = net amount ÷ NAV on T. We may discount the rate as far as the manager allows; the actual rate is shown on the order page; fixed-fee tiers are not discounted.',
        'Redemption fee: by holding period; for shares held less than 7 days at least 1.5 %, all of it credited to the fund, under the Provisions on Liquidity Risk Management of Open-end Funds. Redemption amount = shares × NAV on T − fee.',
        'Management, custody and sales-service fees are charged to the fund and already reflected in its NAV. We charge no opening or account fee and nothing beyond this agreement.',
      ],
    },
    {
      heading: '5. Redemption and payment',
      paragraphs: [
        "After confirmation the manager pays out: usually T+1 for money-market funds, within T+3 for bond funds, within T+4 for stock and hybrid funds, longer for QDII funds, as the fund's documents say. On large redemptions the manager may defer or delay payment as the fund contract allows.",
        'You may redeem into the cash-management product and use the money at once for another fund or withdraw it.',
      ],
    },
    {
      heading: '6. Cash management',
      paragraphs: [
        "The cash-management product is your holding of one money-market fund (named on the cash-management page), not a bank deposit, with no guaranteed return. Depositing buys the fund, withdrawing redeems it; daily income follows the fund's income per 10,000 shares and is added to your holding.",
        'A normal withdrawal arrives on T+1. "Instant withdrawal" is advanced by the platform, arriving at once or within 2 hours, at most 10,000 CNY per person per day under the Guidelines on Online Sales and Redemption of Money-Market Funds, and may pause when the advance quota is used up.',
      ],
    },
    {
      heading: '7. Auto-invest',
      paragraphs: [
        'You choose the fund, amount, cycle (daily, weekly, fortnightly, monthly) and day; on each due day we place an ordinary purchase for you, moved to the next trading day when the day is not one.',
        'After 3 failed debits in a row (for example too little money on the card) the plan pauses; you can resume, change or stop it on its page. Smart plans vary the amount with the index valuation as the create page explains. Auto-invest does not remove the risks of fund investment.',
      ],
    },
    {
      heading: '8. Suitability',
      paragraphs: [
        'We assess your risk tolerance and rate each fund under the Measures on Investor Suitability. While your assessment is valid you may buy funds rated no higher than your tolerance; for a fund above it we show a risk warning and you must confirm before ordering (C1 investors cannot buy above their tolerance).',
        'When your assessment expires, take it again before trading. Answer truthfully; results distorted by untrue answers are your responsibility.',
      ],
    },
    {
      heading: '9. Disclosure and statements',
      paragraphs: [
        'Fund managers publish NAVs, periodic reports and announcements in the designated media; we show them here. You can check your holdings, income, orders and confirmations here at any time; tell us promptly if anything looks wrong.',
      ],
    },
    {
      heading: '10. Complaints and disputes',
      paragraphs: [
        'For any comment or complaint call {phone} ({hours}) or write on the Customer service page. We register a complaint promptly and answer with its outcome within 15 working days.',
        "You may also complain to or ask for mediation by the Asset Management Association of China, or call the CSRC hotline 12386. Disputes not settled by talking go to the competent people's court where {company} is domiciled.",
      ],
    },
    {
      heading: '11. Effect, changes and termination',
      paragraphs: [
        'This agreement takes effect when you tick your agreement on the opening page and submit the opening. Changes are published and notified as the Service Agreement says; trading after a change means you accept it.',
        'It ends when you close your fund trading account; orders placed before continue under it. Trade and suitability records the law requires are kept at least 20 years after the relationship ends.',
      ],
    },
  ],
};
