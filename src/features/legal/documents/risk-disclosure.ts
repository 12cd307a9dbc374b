import type { AgreementText } from './types';

// 基金投资风险揭示书 (fund investment risk disclosure): the risks of fund investment the investor confirms having read
// at account opening — market, liquidity, credit, manager, QDII currency, money-market funds not deposits, past
// performance, suitability matching — and the investor's declaration.
export const riskDisclosure: AgreementText = {
  'zh-CN': [
    {
      heading: '尊敬的投资者：',
      paragraphs: [
        '基金是一种长期投资工具，其主要功能是分散投资、降低单一投资标的的风险。投资有风险，基金不同于银行储蓄和债券等能够提供固定收益预期的金融工具。您购买基金，既可能按持有份额分享基金投资产生的收益，也可能承担基金投资带来的损失，甚至损失本金。',
        '在您通过{name}（运营方：{company}）开立基金交易账户、购买基金前，请认真阅读本风险揭示书、基金合同、招募说明书和产品资料概要，全面认识基金的风险收益特征和产品特性，根据自身的投资目的、投资期限、投资经验、资产状况等判断基金是否与您的风险承受能力相适应，理性判断市场，谨慎作出投资决策。',
      ],
    },
    {
      heading: '一、基金投资的主要风险',
      paragraphs: [
        '1. 市场风险：基金投资于股票、债券等证券，其价格受政治、经济、利率、汇率、行业、上市公司经营等因素影响而波动，导致基金净值下跌。股票型和偏股混合型基金的波动通常大于债券型基金和货币市场基金。',
        '2. 流动性风险：在市场流动性不足时，基金可能难以按合理价格变现资产；基金遇巨额赎回时，基金管理人可以依基金合同延期办理部分赎回申请、暂停赎回或延缓支付赎回款项，您的赎回可能无法及时全部确认或到账。定期开放、封闭期或持有期基金在封闭期内不能赎回。',
        '3. 信用风险：基金所投资债券、存款、回购等的发行人或交易对手可能违约，无法按期支付本息，造成基金资产损失。',
        '4. 管理风险：基金管理人的研究能力、投资判断、风险控制和内部管理水平会影响基金收益；基金经理变更也可能影响基金的投资风格和业绩。',
        '5. 操作与技术风险：基金管理人、托管人、注册登记机构、销售机构、银行及支付机构的业务系统、通信网络可能出现故障或差错，导致交易延迟、失败。',
        '6. 合规与政策风险：法律法规、监管政策和税收政策变化可能影响基金的运作和收益。',
        '7. 特定品种的风险：',
        '· QDII基金投资境外市场，除上述风险外，还面临汇率风险（人民币与外币汇率变动影响以人民币计的净值）、境外市场风险、政治与法律风险，以及因境外市场休市、时差和资金跨境划转导致的份额确认和赎回到账时间较长（通常T+2确认，赎回款最长约T+10到账）。',
        '· 指数基金跟踪标的指数，净值随指数涨跌，存在跟踪误差；指数下跌时基金不会主动回避。',
        '· 货币市场基金不等同于银行存款：购买货币市场基金并不等于将资金作为存款存放在银行或者存款类金融机构，基金管理人不保证基金一定盈利，也不保证最低收益。七日年化收益率和每万份收益是过往表现，不代表未来收益。现金宝是您持有的货币市场基金份额，“快速取现”由本平台垫付资金，每人每日累计上限1万元，额度内可能因垫资额度用尽而暂停。',
        '· 债券型基金在利率上升、信用事件时也可能出现亏损。',
        '· 定投不能规避基金投资所固有的风险，不能保证投资人获得收益，也不是替代储蓄的等效理财方式。',
      ],
    },
    {
      heading: '二、过往业绩与信息展示',
      paragraphs: [
        '基金的过往业绩及其净值高低并不预示其未来业绩表现，基金管理人管理的其他基金的业绩不构成对本基金业绩表现的保证。本平台展示的收益率、排名、估值百分位、定投回测等均基于历史数据计算，仅供参考，不构成投资建议或收益承诺。',
        '基金净值每个交易日更新，您在15:00前提交的申购、赎回以当日收盘后公布的净值计算（“未知价”原则），提交时看到的净值不是成交价格。',
      ],
    },
    {
      heading: '三、适当性匹配',
      paragraphs: [
        '依据《证券期货投资者适当性管理办法》《基金募集机构投资者适当性管理实施指引（试行）》等规定，我们对基金产品按风险由低到高划分为R1至R5五个等级，对普通投资者按风险承受能力由低到高划分为C1至C5五个类型。您需要先完成风险测评，测评结果有效期内，您可以购买风险等级不高于您风险承受能力的基金。',
        '当您主动购买风险等级高于您风险承受能力的基金时，我们会在下单前向您出示风险警示并请您确认；风险承受能力最低类别（C1）的投资者不能购买高于其风险承受能力的产品。您的测评结果可能因年龄、收入、投资经验等变化而改变，请在情况变化时重新测评。',
        '我们对产品风险等级和您的风险承受能力的评估，并不表明我们对产品的收益或风险作出实质性判断或保证。',
      ],
    },
    {
      heading: '四、特别提示',
      paragraphs: [
        '请通过本平台核对销售机构信息：{licence}。请确认您的资金仅在您本人同名银行卡与基金之间流转，任何要求您转账到个人账户、承诺保本保收益或“内部渠道”的，均为诈骗，请立即停止并拨打客服电话 {phone} 或110。',
        '本风险揭示书无法揭示基金投资的全部风险和市场的全部情形。',
      ],
    },
    {
      heading: '五、投资者声明',
      paragraphs: [
        '本人已认真阅读并完全理解本风险揭示书的全部内容，了解基金投资的风险与收益特征，愿意自行承担基金投资的风险和损失。本人确认所提供的信息真实、准确、完整，投资资金来源合法，并将按本人风险承受能力选择产品。',
      ],
    },
  ],
  'en-US': [
    {
      heading: 'Dear investor,',
      paragraphs: [
        'A fund is a long-term investment that spreads money over many holdings to reduce the risk of any one. Investing carries risk: unlike savings deposits or bonds with an expected fixed return, a fund shares both its gains and its losses with you, and you may lose money, including your principal.',
        "Before you open a fund trading account with {name} (operated by {company}) and buy a fund, read this disclosure, the fund's contract, prospectus and key facts, understand its risk and return, judge from your goals, horizon, experience and finances whether it suits your risk tolerance, and decide with care.",
      ],
    },
    {
      heading: '1. The main risks of fund investment',
      paragraphs: [
        "1. Market risk: funds hold securities whose prices move with politics, the economy, interest and exchange rates, industries and companies, so a fund's net asset value (NAV) can fall. Stock and equity-heavy hybrid funds usually swing more than bond and money-market funds.",
        '2. Liquidity risk: in illiquid markets assets may not sell at a fair price; facing large redemptions, a manager may, as the fund contract allows, defer part of the redemptions, suspend them or delay payment, so yours may not be confirmed or paid in full on time. Funds with closed periods or minimum holding periods cannot be redeemed during them.',
        '3. Credit risk: issuers of bonds, deposits and repos the fund holds, or its counterparties, may default.',
        "4. Manager risk: the manager's research, judgement, risk control and organisation affect returns; a change of fund manager can change the fund's style and results.",
        '5. Operational and technical risk: systems and networks of the manager, custodian, registrar, seller, banks and payment institutions may fail or err, delaying or failing orders.',
        '6. Regulatory risk: changes in laws, regulations and taxes may affect the fund.',
        '7. Risks of particular funds:',
        '· QDII funds invest abroad and also carry currency risk (exchange-rate moves change the NAV in CNY), foreign market, political and legal risk, and slower confirmation and payment because of foreign holidays, time zones and cross-border transfers (usually confirmed on T+2, redemption money arriving by about T+10).',
        '· Index funds follow their index up and down with a tracking error, and do not step aside when it falls.',
        '· A money-market fund is not a bank deposit: buying one does not place your money as a deposit with a bank or deposit-taking institution, and the manager guarantees neither a profit nor a minimum return. The 7-day annualised yield and income per 10,000 shares are past results, not future ones. The cash-management product is your holding of a money-market fund; "instant withdrawal" is money the platform advances, at most 10,000 CNY per person per day, and may pause when the advance quota is used up.',
        '· Bond funds can lose money when rates rise or issuers default.',
        '· Auto-invest does not remove the risks of fund investment, does not guarantee a return and is no substitute for saving.',
      ],
    },
    {
      heading: '2. Past performance and what is shown',
      paragraphs: [
        "A fund's past performance and NAV do not predict its future, and other funds of the same manager are no guarantee for this one. Returns, rankings, valuation percentiles and auto-invest backtests shown here are computed from history, for reference only, and are neither advice nor a promise.",
        'NAVs update each trading day. Orders placed before 15:00 are priced at that day\'s NAV published after the close ("unknown price"): the NAV you see when ordering is not your price.',
      ],
    },
    {
      heading: '3. Suitability',
      paragraphs: [
        'Under the Measures on Investor Suitability we rate funds from R1 (lowest risk) to R5 and ordinary investors from C1 (lowest risk tolerance) to C5. You take the risk assessment first; while it is valid you may buy funds rated no higher than your tolerance.',
        'If you choose a fund rated above your tolerance we show a risk warning before the order and ask you to confirm; investors of the lowest type (C1) cannot buy above their tolerance. Your result may change with your age, income or experience: take the assessment again when they change.',
        "Our ratings of funds and of your tolerance are not a judgement or guarantee of any fund's return or risk.",
      ],
    },
    {
      heading: '4. Please note',
      paragraphs: [
        'Check the seller\'s details here: {licence}. Your money moves only between a bank card in your own name and the fund. Anyone who asks you to transfer to a personal account, promises a guaranteed return or an "inside channel" is a fraudster: stop and call {phone} or the police (110).',
        'This disclosure cannot list every risk of fund investment or every market situation.',
      ],
    },
    {
      heading: "5. Investor's declaration",
      paragraphs: [
        'I have read and fully understood this disclosure, know the risks and returns of fund investment, and bear its risks and losses myself. The information I gave is true, accurate and complete, my money comes from lawful sources, and I will choose products that fit my risk tolerance.',
      ],
    },
  ],
};
