// The advisory questionnaire (投顾问卷, issue 23): the investor's goal, horizon and risk tolerance, which the CSRC
// draft rule asks the advisor to know before showing any strategy. Pure: the questions and the tolerance (1–5) the
// answers give — the drawdown accepted, capped by the horizon (money needed within a year takes no equity risk).

export interface KycQuestion {
  id: string;
  text: { 'zh-CN': string; 'en-US': string };
  options: Array<{ id: string; text: { 'zh-CN': string; 'en-US': string }; level: number }>;
}

const o = (id: string, zh: string, en: string, level: number) => ({ id, text: { 'zh-CN': zh, 'en-US': en }, level });

export const ADVISORY_KYC: readonly KycQuestion[] = [
  {
    id: 'goal',
    text: { 'zh-CN': '这笔钱的投资目标是？', 'en-US': 'What is this money for?' },
    options: [
      o('pension', '养老储备', 'Retirement', 5),
      o('education', '子女教育', "Children's education", 4),
      o('wealth', '长期财富增值', 'Growing wealth over the long run', 5),
      o('stable', '稳健理财，跑赢存款', 'Steady returns above deposits', 2),
    ],
  },
  {
    id: 'horizon',
    text: { 'zh-CN': '这笔钱多久不用？', 'en-US': 'How long can this money stay invested?' },
    options: [
      o('lt1', '1年以内', 'Less than a year', 2),
      o('1to3', '1-3年', '1–3 years', 3),
      o('3to5', '3-5年', '3–5 years', 4),
      o('gt5', '5年以上', 'More than 5 years', 5),
    ],
  },
  {
    id: 'drawdown',
    text: { 'zh-CN': '您能承受的最大亏损是？', 'en-US': 'What is the largest loss you can bear?' },
    options: [
      o('5', '5%以内', 'Up to 5 %', 2),
      o('10', '10%以内', 'Up to 10 %', 3),
      o('20', '20%以内', 'Up to 20 %', 4),
      o('30', '30%以上也能接受', '30 % or more', 5),
    ],
  },
  {
    id: 'reaction',
    text: { 'zh-CN': '如果账户一个月内下跌15%，您会？', 'en-US': 'If the account fell 15 % in a month, you would…' },
    options: [
      o('sell', '全部卖出', 'sell everything', 1),
      o('some', '卖出一部分', 'sell some', 3),
      o('hold', '继续持有', 'hold', 4),
      o('buy', '加仓买入', 'buy more', 5),
    ],
  },
];

export interface KycResult {
  goal: string;
  horizon: string;
  tolerance: number;
}

/** The tolerance of complete answers, or the id of the first question unanswered or answered with an unknown option. */
export function scoreKyc(answers: Record<string, unknown>): KycResult | { missing: string } {
  const levels: Record<string, number> = {};
  for (const q of ADVISORY_KYC) {
    const given = answers[q.id];
    const option = q.options.find((x) => x.id === given);
    if (!option) return { missing: q.id };
    levels[q.id] = option.level;
  }
  const tolerance = Math.max(1, Math.min(levels.drawdown as number, levels.horizon as number, levels.reaction as number));
  return { goal: String(answers.goal), horizon: String(answers.horizon), tolerance };
}

export function kycQuestions(locale: 'zh-CN' | 'en-US') {
  return ADVISORY_KYC.map((q) => ({ id: q.id, text: q.text[locale], options: q.options.map((x) => ({ id: x.id, text: x.text[locale] })) }));
}
