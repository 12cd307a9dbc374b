// Static vocabulary of the generated market. Fund companies, custodian banks, managers and
// portfolio companies are fictional (none passes for a real institution); indices are the real
// public index codes and names, with made-up prices and valuations.

export const FUND_COMPANIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['80000001', '芷汀'],
  ['80000002', '远川'],
  ['80000003', '青禾'],
  ['80000004', '松岭'],
  ['80000005', '云杉'],
  ['80000006', '鹤鸣'],
  ['80000007', '溪山'],
  ['80000008', '岚石'],
  ['80000009', '朗星'],
  ['80000010', '翠微'],
  ['80000011', '望舒'],
  ['80000012', '星澜'],
  ['80000013', '霁月'],
  ['80000014', '清樾'],
  ['80000015', '竹溪'],
  ['80000016', '墨川'],
  ['80000017', '临渊'],
  ['80000018', '苍澜'],
  ['80000019', '拾光'],
  ['80000020', '知微'],
  ['80000021', '砚田'],
  ['80000022', '雪岭'],
  ['80000023', '流萤'],
  ['80000024', '若谷'],
  ['80000025', '鹭洲'],
  ['80000026', '青峦'],
  ['80000027', '昭明'],
  ['80000028', '听涛'],
  ['80000029', '栖云'],
  ['80000030', '观复'],
  ['80000031', '守拙'],
  ['80000032', '沧浪'],
  ['80000033', '枕石'],
  ['80000034', '归鸿'],
  ['80000035', '映雪'],
  ['80000036', '长亭'],
];

export const CUSTODIANS = ['云岭银行', '东湖银行', '青川银行', '北河银行', '南屿银行', '西泠银行', '江澄银行'] as const;

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢钟姜崔谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严莫孔向常汤康易乔赖文'.split(
    '',
  );
export const GIVEN_CHARS =
  '子一思宇嘉晨明远哲文泽浩然雨欣怡宁静安博涛瑞峰琳婷伟强磊洋勇军杰娜敏丽芳霞健凯鹏飞翔志华德新航清源睿达恒毅昊天晓东立诚慧颖彤蕾楠雪梅松岩川'.split(
    '',
  );
export const COLLEGES = [
  '北京大学',
  '清华大学',
  '复旦大学',
  '上海交通大学',
  '中国人民大学',
  '南开大学',
  '浙江大学',
  '武汉大学',
  '厦门大学',
  '中山大学',
  '上海财经大学',
  '中央财经大学',
  '西南财经大学',
  '南京大学',
  '哥伦比亚大学',
  '伦敦政治经济学院',
] as const;
export const EDUCATIONS = ['硕士', '硕士', '硕士', '博士', '本科'] as const;

/** Syllables for fictional listed companies held by funds. */
export const STOCK_PREFIXES = '华澜北岭东岳南溪恒远天衡中科瑞丰嘉禾宏图金桥长青安泰新宇明德永信汇川海澄云帆星河'.match(/.{2}/g) ?? [];
export const STOCK_SUFFIXES = [
  '科技',
  '制药',
  '电子',
  '股份',
  '能源',
  '食品',
  '医疗',
  '智能',
  '材料',
  '银行',
  '证券',
  '传媒',
  '汽车',
  '化工',
  '电气',
  '酒业',
  '物流',
  '半导体',
  '通信',
  '装备',
] as const;

export interface IndexDefinition {
  code: string;
  name: string;
  category: '宽基' | '行业' | '策略' | '海外' | '债券';
  region: 'CN' | 'HK' | 'US';
  /** Starting level ten years before the as-of date. */
  baseLevel: number;
  /** Daily drift and volatility of log returns. */
  drift: number;
  vol: number;
  /** How the index moves (see MARKET_FACTORS and INDEX_MOVES below). */
  moves: IndexMoves;
  /**
   * The band the index's PE wanders in ([low, high], roughly its range over the last decade), its typical
   * return on equity (ROE = PB / PE, a fraction) and the share of earnings paid out (dividend yield =
   * payout / PE). No valuation: [0, 0], 0, 0.
   */
  peBand: readonly [low: number, high: number];
  roe: number;
  payout: number;
  hasValuation: boolean;
  description: string;
}

interface Valuation {
  pe: readonly [low: number, high: number];
  roe: number;
  payout: number;
}

function index(
  code: string,
  name: string,
  category: IndexDefinition['category'],
  region: IndexDefinition['region'],
  baseLevel: number,
  vol: number,
  valuation: Valuation,
  description: string,
  drift = 0.00025,
): IndexDefinition {
  return {
    code,
    name,
    category,
    region,
    baseLevel,
    drift,
    vol,
    moves: INDEX_MOVES[code] ?? { factors: {}, ownVol: vol },
    peBand: valuation.pe,
    roe: valuation.roe,
    payout: valuation.payout,
    hasValuation: category !== '债券',
    description,
  };
}

const v = (low: number, high: number, roe: number, payout: number): Valuation => ({ pe: [low, high], roe, payout });

/**
 * The common factors that move the indices (daily standard deviation of each factor's shock): the A-share
 * market, size (small caps minus large caps), style (value minus growth), Hong Kong, the US market and US
 * technology (Nasdaq minus the broad market). Each factor's shock on a day is one stateless hash of
 * (seed, factor, day), shared by every index and fund loading on it.
 */
export const MARKET_FACTORS = { CN: 0.0115, SIZE: 0.006, VALUE: 0.0045, HK: 0.011, US: 0.0095, USTECH: 0.005 } as const;
export type MarketFactor = keyof typeof MARKET_FACTORS;

/**
 * An index's daily log return = drift − variance / 2 + Σ loading × factor shock + ownVol × its own shock (sector
 * indices: the sector's own moves). A composite (中证800 = 沪深300 + 中证500) is instead the buy-and-hold mix of
 * its constituents' levels with the given weights, so each of its period returns lies between theirs.
 */
export interface IndexMoves {
  factors: Partial<Record<MarketFactor, number>>;
  ownVol: number;
  composite?: readonly (readonly [code: string, weight: number])[];
}

const m = (factors: IndexMoves['factors'], ownVol: number): IndexMoves => ({ factors, ownVol });

const INDEX_MOVES: Record<string, IndexMoves> = {
  SH000300: m({ CN: 1, SIZE: -0.15 }, 0.0008),
  SH000903: m({ CN: 1, SIZE: -0.3, VALUE: 0.1 }, 0.001),
  SH000016: m({ CN: 0.97, SIZE: -0.4, VALUE: 0.25 }, 0.0018),
  SH000905: m({ CN: 1.05, SIZE: 0.7 }, 0.0025),
  SH000852: m({ CN: 1.08, SIZE: 1.1 }, 0.003),
  SZ399006: m({ CN: 1.1, SIZE: 0.5, VALUE: -0.8 }, 0.006),
  SH000688: m({ CN: 1.05, SIZE: 0.4, VALUE: -0.9 }, 0.009),
  SZ399001: m({ CN: 1.05, SIZE: 0.3, VALUE: -0.3 }, 0.003),
  SH000906: {
    factors: {},
    ownVol: 0,
    composite: [
      ['SH000300', 0.78],
      ['SH000905', 0.22],
    ],
  },
  SH000985: {
    factors: {},
    ownVol: 0,
    composite: [
      ['SH000300', 0.6],
      ['SH000905', 0.2],
      ['SH000852', 0.2],
    ],
  },
  SH000922: m({ CN: 0.8, SIZE: 0.1, VALUE: 0.9 }, 0.004),
  CSIH30269: m({ CN: 0.7, VALUE: 0.8 }, 0.0035),
  SH000015: m({ CN: 0.8, VALUE: 0.95 }, 0.004),
  SZ399324: m({ CN: 0.95, VALUE: 0.4 }, 0.005),
  SH000932: m({ CN: 1, VALUE: -0.2 }, 0.009),
  SZ399989: m({ CN: 0.95, VALUE: -0.5 }, 0.011),
  SZ399997: m({ CN: 1.05 }, 0.014),
  SZ399986: m({ CN: 0.75, SIZE: -0.5, VALUE: 1 }, 0.006),
  SZ399975: m({ CN: 1.4 }, 0.011),
  SZ399967: m({ CN: 1.15, SIZE: 0.5 }, 0.012),
  SZ399971: m({ CN: 1.1, SIZE: 0.6, VALUE: -0.4 }, 0.013),
  SZ399812: m({ CN: 1, SIZE: 0.3 }, 0.007),
  SH000827: m({ CN: 1, SIZE: 0.6 }, 0.008),
  SZ399998: m({ CN: 0.85, VALUE: 0.9 }, 0.015),
  SZ399976: m({ CN: 1.15, VALUE: -0.9 }, 0.014),
  CSIH30184: m({ CN: 1.2, SIZE: 0.3, VALUE: -1 }, 0.015),
  HKHSI: m({ CN: 0.35, HK: 1 }, 0.002),
  HKHSTECH: m({ CN: 0.35, HK: 1.3, VALUE: -0.5 }, 0.008),
  SP500: m({ US: 1 }, 0.0015),
  NDX: m({ US: 1.15, USTECH: 1 }, 0.002),
  CBA00101: m({}, 0.0006),
};

export const INDICES: readonly IndexDefinition[] = [
  index('SH000300', '沪深300', '宽基', 'CN', 3300, 0.012, v(9, 17, 0.11, 0.32), '沪深两市规模大、流动性好的300只股票'),
  index('SH000905', '中证500', '宽基', 'CN', 6200, 0.014, v(18, 40, 0.08, 0.28), '沪深300之外规模居前的500只中盘股'),
  index('SZ399006', '创业板指', '宽基', 'CN', 2100, 0.017, v(25, 80, 0.11, 0.2), '创业板规模大、流动性好的100只股票', 0.0003),
  index('SH000016', '上证50', '宽基', 'CN', 2300, 0.011, v(8, 13, 0.115, 0.35), '上海市场规模最大的50只股票'),
  index('SH000922', '中证红利', '策略', 'CN', 4300, 0.011, v(5, 9, 0.12, 0.38), '现金股息率高、分红稳定的100只股票', 0.0003),
  index('SH000852', '中证1000', '宽基', 'CN', 6500, 0.015, v(25, 60, 0.065, 0.25), '中证800之外规模偏小的1000只股票'),
  index('SH000688', '科创50', '宽基', 'CN', 1100, 0.018, v(35, 110, 0.07, 0.15), '科创板市值大、流动性好的50只证券', 0.0002),
  index('SZ399001', '深证成指', '宽基', 'CN', 10500, 0.014, v(16, 40, 0.1, 0.25), '深圳市场规模大、流动性好的500只股票'),
  index('SH000985', '中证全指', '宽基', 'CN', 5200, 0.013, v(13, 28, 0.095, 0.3), '沪深两市全部符合条件的A股'),
  index('SH000903', '中证100', '宽基', 'CN', 3400, 0.012, v(8.5, 15, 0.115, 0.33), '沪深300中规模最大的100只股票'),
  index('SH000906', '中证800', '宽基', 'CN', 3600, 0.013, v(11, 22, 0.1, 0.3), '沪深300与中证500成分股合集'),
  index('HKHSI', '恒生指数', '海外', 'HK', 21000, 0.013, v(8, 14, 0.1, 0.4), '香港市场市值最大、成交最活跃的蓝筹股', 0.00012),
  index('HKHSTECH', '恒生科技', '海外', 'HK', 4500, 0.02, v(18, 50, 0.09, 0.15), '在港上市的30家最大科技企业', 0.0002),
  index('NDX', '纳斯达克100', '海外', 'US', 4500, 0.013, v(20, 40, 0.24, 0.22), '纳斯达克上市的100家最大非金融企业', 0.0006),
  index('SP500', '标普500', '海外', 'US', 2100, 0.01, v(15, 30, 0.17, 0.38), '美国500家大型上市公司', 0.0004),
  index('SH000932', '中证消费', '行业', 'CN', 9000, 0.016, v(20, 50, 0.16, 0.4), '主要消费行业龙头公司'),
  index('SZ399989', '中证医疗', '行业', 'CN', 8000, 0.018, v(25, 75, 0.12, 0.2), '医疗器械与医疗服务公司'),
  index('SZ399997', '中证白酒', '行业', 'CN', 7000, 0.02, v(18, 55, 0.24, 0.5), '白酒主题上市公司', 0.0004),
  index('SZ399986', '中证银行', '行业', 'CN', 5400, 0.011, v(4, 8, 0.115, 0.3), '银行业上市公司', 0.0002),
  index('SZ399975', '证券公司', '行业', 'CN', 900, 0.02, v(12, 45, 0.075, 0.3), '证券公司', 0.0001),
  index('SZ399967', '中证军工', '行业', 'CN', 11000, 0.019, v(40, 120, 0.045, 0.2), '军工主题上市公司', 0.0002),
  index('SZ399971', '中证传媒', '行业', 'CN', 2000, 0.02, v(20, 70, 0.07, 0.25), '传媒行业上市公司', 0.0001),
  index('SZ399812', '养老产业', '行业', 'CN', 7500, 0.016, v(15, 35, 0.11, 0.3), '养老产业相关上市公司'),
  index('SH000827', '中证环保', '行业', 'CN', 2500, 0.017, v(15, 45, 0.08, 0.25), '环保产业上市公司'),
  index('CSIH30269', '红利低波', '策略', 'CN', 9000, 0.01, v(5, 9, 0.115, 0.4), '高股息、低波动的50只股票', 0.0003),
  index('SZ399998', '中证煤炭', '行业', 'CN', 1200, 0.02, v(5, 15, 0.13, 0.5), '煤炭行业上市公司', 0.0002),
  index('SZ399976', 'CS新能车', '行业', 'CN', 2000, 0.022, v(20, 80, 0.11, 0.15), '新能源汽车产业链上市公司', 0.0004),
  index('CSIH30184', '半导体', '行业', 'CN', 2500, 0.022, v(40, 120, 0.07, 0.15), '半导体产业上市公司', 0.0004),
  index('SH000015', '上证红利', '策略', 'CN', 2600, 0.011, v(5, 9, 0.12, 0.4), '上海市场股息率最高的50只股票', 0.00025),
  index('SZ399324', '深证红利', '策略', 'CN', 7000, 0.013, v(9, 20, 0.15, 0.4), '深圳市场股息率高的40只股票'),
  index('CBA00101', '中债综合', '债券', 'CN', 180, 0.0006, v(0, 0, 0, 0), '中国债券市场综合价格表现', 0.00013),
];

export const BOND_INDEX_CODE = 'CBA00101';

export const STOCK_THEMES = [
  '价值精选',
  '成长优选',
  '消费升级',
  '医疗创新',
  '新能源产业',
  '科技先锋',
  '高端制造',
  '核心资产',
  '品质生活',
  '研究精选',
  '量化多因子',
  '低碳经济',
  '数字经济',
  '专精特新',
  '内需增长',
  '优质企业',
] as const;
/**
 * The indices a stock fund of a sector theme may take as its benchmark (issue 28: 墨川消费升级股票A benchmarked
 * 中证煤炭 and held auto, media and telecom stocks). A theme not listed is broad: its benchmark is a 宽基 or 策略
 * index, never a sector's.
 */
export const THEME_INDICES: Readonly<Record<string, readonly string[]>> = {
  消费升级: ['SH000932', 'SZ399997'],
  品质生活: ['SH000932', 'SZ399997'],
  内需增长: ['SH000932'],
  医疗创新: ['SZ399989'],
  新能源产业: ['SZ399976', 'SH000827'],
  低碳经济: ['SH000827', 'SZ399976'],
  科技先锋: ['CSIH30184', 'SH000688'],
  数字经济: ['SZ399971', 'CSIH30184'],
  高端制造: ['SZ399967', 'SZ399976'],
  专精特新: ['SH000852', 'SH000688'],
};

/**
 * The Shenwan industries a sector index's companies are in (generate.ts industryLabel): a fund benchmarked on it
 * holds them. Broad and strategy indices hold every industry.
 */
export const INDEX_INDUSTRIES: Readonly<Record<string, readonly string[]>> = {
  SH000932: ['食品饮料', '家用电器', '商贸零售', '纺织服饰'],
  SZ399997: ['食品饮料'],
  SZ399989: ['医药生物'],
  SZ399986: ['银行'],
  SZ399975: ['非银金融'],
  SZ399967: ['国防军工', '机械设备'],
  SZ399971: ['传媒', '计算机', '通信'],
  SZ399812: ['医药生物', '食品饮料'],
  SH000827: ['公用事业', '电力设备', '基础化工'],
  SZ399998: ['煤炭', '有色金属'],
  SZ399976: ['汽车', '电力设备'],
  CSIH30184: ['电子'],
};

export const HYBRID_THEMES = [
  '灵活配置',
  '均衡成长',
  '稳健配置',
  '优势企业',
  '竞争优势',
  '远见回报',
  '行业轮动',
  '平衡增长',
  '价值发现',
  '双核驱动',
  '睿选回报',
  '恒久回报',
] as const;
export const BOND_THEMES = ['稳健增利', '纯债', '信用增强', '短债', '中短债', '双债增强', '安心回报', '利率债', '季季鑫', '添利'] as const;
export const MONEY_THEMES = ['货币', '添利货币', '日鑫货币', '现金增利货币', '安享货币'] as const;
export const QDII_PRODUCTS = [
  ['NDX', '纳斯达克100指数(QDII)'],
  ['SP500', '标普500指数(QDII)'],
  ['HKHSI', '恒生指数(QDII)'],
  ['HKHSTECH', '恒生科技指数(QDII)'],
  ['HKHSI', '香港精选股票(QDII)'],
  ['SP500', '全球精选混合(QDII)'],
] as const;
export const FOF_THEMES = [
  '养老目标2035三年持有期混合(FOF)',
  '稳健配置一年持有期混合(FOF)',
  '多元配置混合(FOF)',
  '养老目标2045五年持有期混合(FOF)',
  '积极配置三个月持有期混合(FOF)',
] as const;
