import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../../server/src/domain/tokens';
import { levelForScore, MAX_SCORE, QUESTIONS, scoreAnswers } from '../../server/src/services/risk-questionnaire';
import { addYears } from '../../server/src/services/risk-assessment';
import { createTestApp, createTestUser, json, type TestApp, type TestUser, type Envelope } from './helpers';

// Risk assessment (docs/PRODUCT.md §10.10): questionnaire, scoring to C1–C5, 2-year validity.

interface Assessment {
  level: string;
  level_name: string;
  description: string;
  max_fund_risk: string;
  score: number;
  max_score: number;
  valid_until: string;
  assessed_at: string;
  expired: boolean;
}

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** Answers every question with the option of the lowest (or highest) score. */
function extreme(pick: 'min' | 'max'): Record<string, string> {
  return Object.fromEntries(
    QUESTIONS.map((question) => {
      const sorted = [...question.options].sort((a, b) => (pick === 'min' ? a.score - b.score : b.score - a.score));
      return [question.id, sorted[0]!.id];
    }),
  );
}

async function assess(user: TestUser, answers: unknown, lang?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...user.headers };
  if (lang) headers['accept-language'] = lang;
  const response = await t.app.inject({
    method: 'POST',
    url: '/djapi/risk/assessment',
    headers,
    payload: new URLSearchParams({ answers: typeof answers === 'string' ? answers : JSON.stringify(answers) }).toString(),
  });
  return json<Envelope<Assessment>>(response);
}

describe('questionnaire', () => {
  test('at least 10 questions covering age, income, assets, experience, horizon, loss tolerance; zh-CN and en-US', async () => {
    const zh = json<
      Envelope<{ id: string; questions: Array<{ id: string; title: string; options: Array<{ id: string; text: string }> }> }>
    >(await t.app.inject({ method: 'GET', url: '/djapi/risk/questionnaire' }));
    assert.equal(zh.result_code, 0);
    assert.ok(zh.data.questions.length >= 10);
    const titles = zh.data.questions.map((question) => question.title).join(' ');
    for (const topic of ['年龄', '收入', '资产', '经验', '期限', '亏损', '目标', '了解']) assert.match(titles, new RegExp(topic), topic);
    for (const question of zh.data.questions) assert.ok(question.options.length >= 4, question.id);
    const en = json<Envelope<{ questions: Array<{ title: string }> }>>(
      await t.app.inject({ method: 'GET', url: '/djapi/risk/questionnaire', headers: { 'accept-language': 'en-US' } }),
    );
    assert.equal(en.data.questions[0]!.title, 'How old are you?');
    assert.equal(MAX_SCORE, 100);
  });
});

describe('scoring', () => {
  test('band boundaries: C1 ≤ 20 < C2 ≤ 40 < C3 ≤ 60 < C4 ≤ 80 < C5', () => {
    const cases: Array<[number, number]> = [
      [0, 1],
      [20, 1],
      [21, 2],
      [40, 2],
      [41, 3],
      [60, 3],
      [61, 4],
      [80, 4],
      [81, 5],
      [100, 5],
    ];
    for (const [score, level] of cases) assert.equal(levelForScore(score), level, `score ${score}`);
  });

  test('lowest answers → C1, highest → C5 (score 100), "no loss at all" caps at C1 whatever else', () => {
    assert.deepEqual(scoreAnswers(extreme('min')), { ok: true, score: 14, level: 1 });
    assert.deepEqual(scoreAnswers(extreme('max')), { ok: true, score: 100, level: 5 });
    const capped = scoreAnswers({ ...extreme('max'), q10: 'a' });
    assert.deepEqual(capped, { ok: true, score: 90, level: 1 });
  });

  test('the first missing or unknown answer is named', () => {
    const answers = extreme('max');
    delete answers.q3;
    assert.deepEqual(scoreAnswers(answers), { ok: false, missing: 3 });
    assert.deepEqual(scoreAnswers({ ...extreme('max'), q7: 'z' }), { ok: false, missing: 7 });
  });

  test('valid for 2 years; 29 February maps to 28 February', () => {
    assert.equal(addYears('2025-03-04', 2), '2027-03-04');
    assert.equal(addYears('2024-02-29', 2), '2026-02-28');
    assert.equal(addYears('2024-02-29', 4), '2028-02-29');
  });
});

describe('POST /djapi/risk/assessment', () => {
  test('scores, stores and answers the level with its name, description, valid_until; the account shows it', async () => {
    const user = await createTestUser(t);
    // A middle investor: 41–60 → C3.
    const answers = { ...extreme('min'), q2: 'e', q3: 'e', q5: 'e', q8: 'd', q10: 'c' };
    const expected = scoreAnswers(answers);
    assert.ok(expected.ok && expected.level === 3, JSON.stringify(expected));
    const result = await assess(user, answers);
    assert.equal(result.result_code, 0, JSON.stringify(result));
    assert.equal(result.data.level, 'C3');
    assert.equal(result.data.level_name, '稳健型');
    assert.equal(result.data.max_fund_risk, 'R3');
    assert.equal(result.data.score, expected.ok ? expected.score : -1);
    assert.equal(result.data.valid_until, '2027-03-04');
    assert.equal(result.data.expired, false);
    const latest = json<Envelope<Assessment>>(
      await t.app.inject({ method: 'GET', url: '/djapi/risk/assessment', headers: { cookie: user.cookie } }),
    );
    assert.deepEqual(latest.data, result.data);
    const account = json<Envelope<{ user: Record<string, unknown> }>>(
      await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } }),
    );
    assert.equal(account.data.user.risk_level, 'C3');
    assert.equal(account.data.user.risk_valid_until, '2027-03-04');
    const english = await assess(user, extreme('max'), 'en-US');
    assert.equal(english.data.level_name, 'Aggressive');
  });

  test('a retake replaces the level; after 2 years the assessment has expired and the account shows no level', async () => {
    // Runs on the shared app; the tests after it do not depend on the date.
    const local = t;
    {
      const user = await createTestUser(local);
      const post = (answers: unknown) =>
        local.app.inject({
          method: 'POST',
          url: '/djapi/risk/assessment',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...user.headers },
          payload: new URLSearchParams({ answers: JSON.stringify(answers) }).toString(),
        });
      await post(extreme('min'));
      local.clock.advance(1000);
      await post(extreme('max'));
      const account = async () =>
        json<Envelope<{ user: Record<string, unknown> }>>(
          await local.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } }),
        ).data.user;
      assert.equal((await account()).risk_level, 'C5');
      // Keep the login alive across the jump (a login lasts 120 days).
      await local.db.kysely
        .updateTable('sessions')
        .set({ expires_at: new Date('2030-01-01T00:00:00Z') })
        .where('token_hash', '=', tokenHash(user.session.token))
        .execute();
      local.clock.set('2027-03-04T15:59:00.000Z'); // 23:59 in Shanghai on the last valid day
      assert.equal((await account()).risk_level, 'C5');
      local.clock.set('2027-03-04T16:00:00.000Z'); // the next Shanghai day
      const expired = await account();
      assert.equal(expired.risk_level, null);
      assert.equal(expired.risk_expired, true);
      assert.equal(expired.risk_valid_until, '2027-03-04');
      const latest = json<Envelope<Assessment>>(
        await local.app.inject({ method: 'GET', url: '/djapi/risk/assessment', headers: { cookie: user.cookie } }),
      );
      assert.equal(latest.data.expired, true);
    }
  });

  test('incomplete, unknown and malformed answers are refused with the question number', async () => {
    const user = await createTestUser(t);
    const missing = extreme('max');
    delete missing.q5;
    const incomplete = await assess(user, missing);
    assert.equal(incomplete.result_code, 400060);
    assert.equal(incomplete.error_description, '请回答第 5 题');
    assert.equal((await assess(user, missing, 'en')).error_description, 'Please answer question 5');
    assert.equal((await assess(user, 'not json')).result_code, 400060);
    assert.equal((await assess(user, '[1,2]')).result_code, 400060);
    const none = json<Envelope>(await t.app.inject({ method: 'GET', url: '/djapi/risk/assessment', headers: { cookie: user.cookie } }));
    assert.equal(none.data, null, 'nothing was stored');
  });

  test('anonymous callers get 300001', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/djapi/risk/assessment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `answers=${encodeURIComponent(JSON.stringify(extreme('max')))}`,
    });
    assert.equal(json<Envelope>(response).result_code, 300001);
  });
});
