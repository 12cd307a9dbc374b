import type { ServerLocale } from '../http/result-codes';

/**
 * The risk questionnaire (docs/PRODUCT.md §10.10): 11 questions, one answer each, scored to 100.
 * Bands: C1 ≤ 20, C2 21–40, C3 41–60, C4 61–80, C5 ≥ 81. Answering that no loss at all is
 * acceptable places the investor in C1 whatever the score (the suitability rule that the lowest
 * tolerance wins). An investor of level Cn may buy funds up to Rn.
 */
export const QUESTIONNAIRE_ID = 'v1';

type Text = Record<ServerLocale, string>;
interface Option {
  id: string;
  score: number;
  text: Text;
}
interface Question {
  id: string;
  title: Text;
  options: Option[];
  /** An option that caps the level at C1. */
  capsAtC1?: string;
}

const o = (id: string, score: number, zh: string, en: string): Option => ({ id, score, text: { 'zh-CN': zh, 'en-US': en } });
const q = (id: string, zh: string, en: string, options: Option[], capsAtC1?: string): Question => ({
  id,
  title: { 'zh-CN': zh, 'en-US': en },
  options,
  capsAtC1,
});

export const QUESTIONS: readonly Question[] = [
  q('q1', '您的年龄是？', 'How old are you?', [
    o('a', 8, '18–30 岁', '18–30'),
    o('b', 10, '31–40 岁', '31–40'),
    o('c', 8, '41–50 岁', '41–50'),
    o('d', 4, '51–60 岁', '51–60'),
    o('e', 1, '60 岁以上', 'Over 60'),
  ]),
  q('q2', '您的家庭年收入（税后）约为？', "What is your household's annual income after tax?", [
    o('a', 2, '10 万元以下', 'Under CNY 100,000'),
    o('b', 5, '10 万–30 万元', 'CNY 100,000–300,000'),
    o('c', 7, '30 万–50 万元', 'CNY 300,000–500,000'),
    o('d', 9, '50 万–100 万元', 'CNY 500,000–1,000,000'),
    o('e', 10, '100 万元以上', 'Over CNY 1,000,000'),
  ]),
  q('q3', '您的家庭可投资金融资产约为？', 'How much can your household invest in financial assets?', [
    o('a', 2, '10 万元以下', 'Under CNY 100,000'),
    o('b', 5, '10 万–50 万元', 'CNY 100,000–500,000'),
    o('c', 7, '50 万–300 万元', 'CNY 500,000–3,000,000'),
    o('d', 9, '300 万–1000 万元', 'CNY 3,000,000–10,000,000'),
    o('e', 10, '1000 万元以上', 'Over CNY 10,000,000'),
  ]),
  q('q4', '您计划投资基金的资金占家庭金融资产的比例是？', "What share of your household's financial assets will you put into funds?", [
    o('a', 5, '10% 以下', 'Under 10%'),
    o('b', 4, '10%–25%', '10%–25%'),
    o('c', 3, '25%–50%', '25%–50%'),
    o('d', 1, '50% 以上', 'Over 50%'),
  ]),
  q('q5', '您有多少年投资股票、基金等风险资产的经验？', 'How many years have you invested in risky assets such as stocks or funds?', [
    o('a', 1, '没有经验', 'None'),
    o('b', 4, '2 年以内', 'Under 2 years'),
    o('c', 6, '2–5 年', '2–5 years'),
    o('d', 8, '5–10 年', '5–10 years'),
    o('e', 10, '10 年以上', 'Over 10 years'),
  ]),
  q('q6', '您投资过的风险最高的产品是？', 'What is the riskiest product you have invested in?', [
    o('a', 2, '银行存款、银行理财', 'Bank deposits or bank wealth products'),
    o('b', 4, '债券、货币基金、债券基金', 'Bonds, money-market or bond funds'),
    o('c', 7, '股票型、混合型基金', 'Equity or hybrid funds'),
    o('d', 10, '股票、期货、期权等', 'Stocks, futures, options and the like'),
  ]),
  q('q7', '您对基金等金融产品的了解程度是？', 'How well do you know funds and other financial products?', [
    o('a', 1, '基本不了解', 'Hardly at all'),
    o('b', 2, '了解一些', 'A little'),
    o('c', 4, '比较了解', 'Fairly well'),
    o('d', 5, '非常了解，有专业背景', 'Very well, with a professional background'),
  ]),
  q('q8', '您计划的投资期限是？', 'How long do you plan to stay invested?', [
    o('a', 2, '1 年以内', 'Under 1 year'),
    o('b', 5, '1–3 年', '1–3 years'),
    o('c', 8, '3–5 年', '3–5 years'),
    o('d', 10, '5 年以上', 'Over 5 years'),
  ]),
  q('q9', '您的投资目标是？', 'What is your investment goal?', [
    o('a', 1, '保本为主，资产不受损失', 'Above all, keep the capital intact'),
    o('b', 4, '稳定收益，略高于存款', 'Steady income, a little above deposits'),
    o('c', 7, '收益与风险平衡，资产稳健增长', 'Balance return and risk for steady growth'),
    o('d', 10, '追求高收益，可承受较大波动', 'High returns, accepting large swings'),
  ]),
  q(
    'q10',
    '您能承受的最大投资亏损是？',
    'What is the largest loss you can accept?',
    [
      o('a', 0, '不能承受任何亏损', 'No loss at all'),
      o('b', 4, '10% 以内', 'Up to 10%'),
      o('c', 7, '10%–30%', '10%–30%'),
      o('d', 10, '30% 以上', 'More than 30%'),
    ],
    'a',
  ),
  q('q11', '如果您持有的基金一个月内下跌 20%，您会？', 'If a fund you hold fell 20% in a month, you would…', [
    o('a', 1, '全部卖出', 'Sell it all'),
    o('b', 4, '卖出一部分', 'Sell part of it'),
    o('c', 7, '继续持有', 'Keep holding'),
    o('d', 10, '逢低加仓', 'Buy more'),
  ]),
];

export const MAX_SCORE = QUESTIONS.reduce((sum, question) => sum + Math.max(...question.options.map((option) => option.score)), 0);

const LEVELS: ReadonlyArray<{ upTo: number; name: Text; description: Text }> = [
  {
    upTo: 20,
    name: { 'zh-CN': '保守型', 'en-US': 'Conservative' },
    description: {
      'zh-CN': '您几乎不能承受本金损失，适合风险等级为 R1（低风险）的基金，如货币基金。',
      'en-US': 'You can hardly bear any loss of capital; funds of risk level R1 (low), such as money-market funds, suit you.',
    },
  },
  {
    upTo: 40,
    name: { 'zh-CN': '谨慎型', 'en-US': 'Cautious' },
    description: {
      'zh-CN': '您希望收益稳定、波动较小，适合风险等级不高于 R2（中低风险）的基金，如债券基金。',
      'en-US': 'You want steady returns with small swings; funds up to risk level R2 (medium-low), such as bond funds, suit you.',
    },
  },
  {
    upTo: 60,
    name: { 'zh-CN': '稳健型', 'en-US': 'Balanced' },
    description: {
      'zh-CN': '您能承受一定波动以换取更高收益，适合风险等级不高于 R3（中风险）的基金，如偏债混合基金。',
      'en-US': 'You accept some swings for higher returns; funds up to risk level R3 (medium), such as bond-heavy hybrid funds, suit you.',
    },
  },
  {
    upTo: 80,
    name: { 'zh-CN': '积极型', 'en-US': 'Growth-seeking' },
    description: {
      'zh-CN': '您追求较高收益，能承受较大波动，适合风险等级不高于 R4（中高风险）的基金，如股票型基金。',
      'en-US': 'You seek higher returns and accept large swings; funds up to risk level R4 (medium-high), such as equity funds, suit you.',
    },
  },
  {
    upTo: Number.POSITIVE_INFINITY,
    name: { 'zh-CN': '激进型', 'en-US': 'Aggressive' },
    description: {
      'zh-CN': '您追求高收益并能承受大幅亏损，所有风险等级（R1–R5）的基金都适合您。',
      'en-US': 'You seek high returns and can bear large losses; funds of every risk level (R1–R5) suit you.',
    },
  },
];

/** The questionnaire as the client shows it, in one locale. */
export function questionnaireView(locale: ServerLocale) {
  return {
    id: QUESTIONNAIRE_ID,
    questions: QUESTIONS.map((question) => ({
      id: question.id,
      title: question.title[locale],
      multiple: false,
      options: question.options.map((option) => ({ id: option.id, text: option.text[locale] })),
    })),
  };
}

export type ScoreResult = { ok: true; score: number; level: number } | { ok: false; missing: number };

/** Scores complete answers `{q1: 'a', …}`; the first unanswered (or unknown) question's number otherwise. */
export function scoreAnswers(answers: Record<string, unknown>): ScoreResult {
  let score = 0;
  let capped = false;
  for (const [index, question] of QUESTIONS.entries()) {
    const answer = answers[question.id];
    const option = question.options.find((candidate) => candidate.id === answer);
    if (!option) return { ok: false, missing: index + 1 };
    score += option.score;
    if (question.capsAtC1 === option.id) capped = true;
  }
  return { ok: true, score, level: capped ? 1 : levelForScore(score) };
}

/** 1–5 for C1–C5. */
export function levelForScore(score: number): number {
  return LEVELS.findIndex((level) => score <= level.upTo) + 1;
}

export function levelView(level: number, locale: ServerLocale) {
  const info = LEVELS[level - 1] ?? LEVELS[0]!;
  return { level: `C${level}`, level_name: info.name[locale], description: info.description[locale], max_fund_risk: `R${level}` };
}
