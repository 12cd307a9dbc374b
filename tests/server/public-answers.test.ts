// Golden answers: the JSON the fund, discovery, index-valuation, watchlist and account endpoints send on the
// seeded test market (seed 1, small, as of the test clock's date) with a frozen clock, recorded in
// tests/server/fixtures/public-answers.json. Moving code between routes, services and domain modules must not
// change one of them (issue 11, "Behaviour stays the same").
//
//   UPDATE_GOLDEN=1 node --import tsx --test tests/server/public-answers.test.ts   rewrites the fixture
//
// Only a deliberate change of an answer may rewrite it; review the fixture's diff like code.
//
// What is not deterministic is replaced before comparing, explicitly (scrub() below), never by dropping whole
// answers: session tokens (access_token: random), the server's RSA public key (generated per database), the
// SMS codes the outbox shows (random digits) and the user's id (a serial: stable on a fresh database, but not
// what these answers are about). Everything else — dates, lock times, masked values, orders — is compared as is.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { QUESTIONS } from '../../server/src/services/risk-questionnaire';
import { formatAcceptedAgreements } from '../../src/lib/agreements';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  encryptForServer,
  json,
  latestCode,
  sendLoginCode,
  type SecureClient,
  type TestApp,
  type TestUser,
} from './helpers';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'public-answers.json');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** The `it` blocks below that record answers. */
const RECORDING_STEPS = 7;

interface Answer {
  status: number;
  body: unknown;
}

const STRIPPED = {
  token: '<random: session token>',
  publicKey: '<random: RSA key generated per database>',
  code: '<random: SMS code>',
  id: '<serial: user id>',
} as const;

/** Replaces the random parts of an answer (see the header); returns a copy. */
function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'access_token' && typeof inner === 'string') out[key] = STRIPPED.token;
    else if (key === 'public_key' && typeof inner === 'string') out[key] = STRIPPED.publicKey;
    else out[key] = scrub(inner);
  }
  return out;
}

/** The user object of /djapi/account carries the serial id. */
function scrubUser(body: unknown): unknown {
  const user = (body as { data?: { user?: { id?: unknown } } }).data?.user;
  if (user && typeof user.id === 'number') user.id = STRIPPED.id;
  return body;
}

/** /__dev/sms lists random codes. */
function scrubCodes(body: unknown): unknown {
  for (const item of (body as { data?: { items?: Array<{ code?: unknown }> } }).data?.items ?? []) item.code = STRIPPED.code;
  return body;
}

/** A valid 18-character ID: region, birth date, sequence and the GB 11643 check character. */
function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

/** A Luhn-valid card number with the given BIN. */
function cardNumber(bin: string): string {
  const partial = `${bin}1234567890123`.slice(0, 18);
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  throw new Error('unreachable');
}

const S = FUND_SAMPLES;
/** Every sample state, plus ordinary generated funds: an index fund with trackers, a QDII, a plain bond. */
const ALL_CODES = [...Object.values(S), '001017', '001006', '001045'];
/** Funds whose every read is recorded: one per type and per unusual state. */
const DEEP_CODES = [S.stock, S.moneyMarket, S.bond, S.fof, S.building, S.closed, S.qdiiHk, S.lockPeriod, S.xjb, '001017'];

describe('public answers stay the same (golden)', () => {
  let t: TestApp;
  let secure: SecureClient;
  const answers: Record<string, Answer> = {};
  /** Recording steps that ran to the end: the fixture is only rewritten when every one did. */
  let completed = 0;

  before(async () => {
    t = await createTestApp({ market: true });
    secure = await createSecureClient(t);
  });
  after(async () => t.close());

  async function record(
    label: string,
    url: string,
    opts: {
      method?: 'GET' | 'POST';
      user?: TestUser;
      form?: Record<string, string>;
      lang?: string;
      extra?: (body: unknown) => unknown;
    } = {},
  ): Promise<Answer> {
    assert.ok(!(label in answers), `label used twice: ${label}`);
    const method = opts.method ?? (opts.form ? 'POST' : 'GET');
    const headers: Record<string, string> = {};
    if (opts.user) Object.assign(headers, method === 'GET' ? { cookie: opts.user.cookie } : opts.user.headers);
    if (opts.lang) headers['accept-language'] = opts.lang;
    if (opts.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await t.app.inject({
      method,
      url,
      headers,
      payload: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
    });
    const body = scrub(json(response));
    const answer = { status: response.statusCode, body: opts.extra ? opts.extra(body) : body };
    answers[label] = answer;
    return answer;
  }

  const get = (url: string, opts: Parameters<typeof record>[2] = {}) =>
    record(`GET ${url}${opts.lang ? ` [${opts.lang}]` : ''}`, url, opts);

  it('fund reads (routes/fund.ts)', async () => {
    for (const code of ALL_CODES) {
      await get(`/djapi/fund/${code}`);
      await get(`/djapi/fund/order/v2/trade_date?fd_code=${code}`);
    }
    for (const code of DEEP_CODES) {
      await get(`/djapi/fund/detail/${code}`);
      await get(`/djapi/fund/derived/${code}`);
      await get(`/djapi/fund/nav/history/${code}`);
      await get(`/djapi/fundx/base/fund/achievement/${code}`);
      await get(`/djapi/fundx/base/fund/record/asset/percent?fund_code=${code}`);
      await get(`/djapi/fundx/base/fund/record/manager/list?fund_code=${code}`);
    }
    await get(`/djapi/fund/nav/history/${S.stock}?page=3&size=7`);
    await get(`/djapi/fund/nav/history/${S.xjb}?page=2&size=5`);
    for (const day of ['1m', 'ty', 'all']) await get(`/djapi/fund/growth/${S.stock}?day=${day}`);
    for (const code of [S.moneyMarket, S.bond, S.building, S.closed, '001017']) await get(`/djapi/fund/growth/${code}?day=3m`);
    await get(`/djapi/fundx/base/fund/record/manager/list?fund_code=${S.stock}&post_status=1`);
    await get(`/djapi/fundx/base/fund/record/manager/list?fund_code=${S.stock}&post_status=0`);
    for (const key of ['0090', '001', 'gf', 'HS', '煤炭', '纯债', 'zzz', '']) await get(`/djapi/v2/search?key=${encodeURIComponent(key)}`);
    await get('/djapi/v3/filter/fund?order_by=1y');
    for (const type of [1, 2, 3, 4, 5, 6, 11]) await get(`/djapi/v3/filter/fund?type=${type}&order_by=1y&page=1&size=5`);
    for (const orderBy of ['1w', '1m', '3m', '6m', 'ty', '2y', '3y', '5y', 'base'])
      await get(`/djapi/v3/filter/fund?order_by=${orderBy}&size=5`);
    await get('/djapi/v3/filter/fund?order_by=1y&page=2&size=10');
    await get('/djapi/v3/filter/fund?order_by=1y&size_min=10&size_max=100&size=10');
    await get('/djapi/v3/filter/fund?type=3&order_by=6m&found_years_min=1&size=10');
    await get('/djapi/v3/filter/fund?order_by=base&found_years_max=1&page=2&size=3');
    // Refusals: unknown fund (both locales), malformed code, bad query.
    await get('/djapi/fund/000000');
    await get('/djapi/fund/000000', { lang: 'en-US' });
    await get('/djapi/fund/detail/999999');
    await get('/djapi/fund/abc');
    await get('/djapi/fund/order/v2/trade_date?fd_code=000000');
    await get('/djapi/fundx/base/fund/record/asset/percent?fund_code=000000', { lang: 'en-US' });
    await get(`/djapi/fund/growth/${S.stock}?day=2w`);
    await get('/djapi/v3/filter/fund?order_by=10y');
    await get(`/djapi/fund/nav/history/${S.stock}?size=501`);
    completed += 1;
  });

  it('the trade date follows the clock: after the cut-off, on a weekend', async () => {
    const now = t.clock.now();
    t.clock.set('2025-03-04T07:30:00.000Z'); // 15:30 Shanghai, a Tuesday
    await record(`GET /djapi/fund/order/v2/trade_date?fd_code=${S.stock} [15:30]`, `/djapi/fund/order/v2/trade_date?fd_code=${S.stock}`);
    await record(`GET /djapi/fund/order/v2/trade_date?fd_code=${S.qdiiHk} [15:30]`, `/djapi/fund/order/v2/trade_date?fd_code=${S.qdiiHk}`);
    t.clock.set('2025-03-08T02:00:00.000Z'); // Saturday
    await record(`GET /djapi/fund/order/v2/trade_date?fd_code=${S.stock} [Saturday]`, `/djapi/fund/order/v2/trade_date?fd_code=${S.stock}`);
    t.clock.set(now);
    completed += 1;
  });

  it('discovery (routes/discover.ts)', async () => {
    for (const period of ['1y', '2y', '3y', '5y']) await get(`/djapi/fund/rank/auto-invest?period=${period}`);
    for (const type of [1, 2, 3, 5, 6, 11]) await get(`/djapi/fund/rank/auto-invest?period=1y&type=${type}&size=5`);
    await get('/djapi/fund/rank/auto-invest?period=2y&page=2&size=7');
    await get('/djapi/index-mass/categories');
    for (const code of ['SH000300', 'SZ399001', 'sz399989', 'SZ399998', 'SH000015', 'SZ399324', 'SH000906', 'CBA00101', 'NDX']) {
      await get(`/djapi/index-mass/${code}/funds`);
    }
    await get('/djapi/index-mass/XX0000/funds');
    await get('/djapi/index-mass/XX0000/funds', { lang: 'en-US' });
    await get('/djapi/fund/rank/auto-invest?period=10y');
    await get('/djapi/fund/rank/auto-invest?period=1y&type=4');
    completed += 1;
  });

  it('index valuation (routes/index-valuation.ts)', async () => {
    await get('/djapi/index_eva/dj');
    for (const code of ['SH000300', 'SZ399006', 'HKHSI', 'NDX', 'sh000905', 'SZ399989', 'CBA00101']) {
      await get(`/djapi/index_eva/detail/${code}`);
      await get(`/djapi/index/kline/${code}?count=30`);
    }
    await get('/djapi/index_eva/pe_history/SH000300');
    await get('/djapi/index_eva/pb_history/SH000300?day=1y');
    await get('/djapi/index_eva/pe_history/HKHSI?day=3y');
    await get('/djapi/index_eva/pb_history/NDX?day=10y');
    await get('/djapi/index/kline/SH000300');
    await get('/djapi/index/kline/SH000300?period=week&count=20');
    await get('/djapi/index/kline/SH000300?period=month&count=12');
    await get('/djapi/index/kline/SZ399006?period=day&count=5');
    // Refusals: unknown index (both locales), an index without valuation, bad parameters.
    await get('/djapi/index_eva/detail/XX0000');
    await get('/djapi/index_eva/detail/XX0000', { lang: 'en-US' });
    await get('/djapi/index_eva/pe_history/CBA00101');
    await get('/djapi/index_eva/pb_history/CBA00101', { lang: 'en-US' });
    await get('/djapi/index/kline/XX0000');
    await get('/djapi/index/kline/SH000300?period=year');
    await get('/djapi/index_eva/pe_history/SH000300?day=2y');
    completed += 1;
  });

  it('anonymous account reads (routes/account.ts, account-opening.ts, account-risk.ts)', async () => {
    await get('/djapi/account');
    await get('/djapi/account', { lang: 'en-US' });
    await get('/djapi/security/public-key');
    await get('/xqstock/v5/stock/portfolio/stock/watchlist.json');
    await get('/djapi/account/personal-income');
    await get('/djapi/risk/questionnaire');
    await get('/djapi/risk/questionnaire', { lang: 'en-US' });
    await get('/djapi/risk/assessment');
    await get('/__dev/sms?telephone=13900000000');
    completed += 1;
  });

  it('SMS login (routes/account.ts): token, code, throttle, wrong code, login, logout', async () => {
    const telephone = '13900139000';
    const token = await secure.post('/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret', {
      grant_type: 'password',
    });
    answers['POST /xqapi/provider/oauth/token password (secure)'] = { status: token.statusCode, body: scrub(token.body) };
    const anonymous = (token.body.data as { access_token: string }).access_token;
    const unknownClient = await secure.post('/xqapi/provider/oauth/token?client_id=nobody&client_secret=x', { grant_type: 'password' });
    answers['POST /xqapi/provider/oauth/token unknown client (secure)'] = {
      status: unknownClient.statusCode,
      body: scrub(unknownClient.body),
    };
    const sent = await sendLoginCode(secure, telephone, { token: anonymous });
    answers['POST /xqapi/account/sms/send_verification_code.json (secure)'] = { status: sent.statusCode, body: scrub(sent.body) };
    const again = await sendLoginCode(secure, telephone, { token: anonymous });
    answers['POST /xqapi/account/sms/send_verification_code.json again: wait (secure)'] = {
      status: again.statusCode,
      body: scrub(again.body),
    };
    const noToken = await secure.post('/xqapi/account/sms/send_verification_code.json', {
      telephone,
      areacode: '86',
      source: '0',
      voice: 'false',
    });
    answers['POST /xqapi/account/sms/send_verification_code.json without token (secure)'] = {
      status: noToken.statusCode,
      body: scrub(noToken.body),
    };
    await record('GET /__dev/sms (login code)', `/__dev/sms?telephone=${telephone}`, { extra: scrubCodes });
    const code = await latestCode(t, telephone);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const loginUrl = '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret';
    const wrong = await secure.post(
      loginUrl,
      { grant_type: 'telephone_auto_login', telephone, code: wrongCode },
      { cookie: `xq_a_token=${anonymous}` },
    );
    answers['POST /xqapi/provider/oauth/token wrong code (secure)'] = { status: wrong.statusCode, body: scrub(wrong.body) };
    const login = await secure.post(
      loginUrl,
      { grant_type: 'telephone_auto_login', telephone, code },
      { cookie: `xq_a_token=${anonymous}` },
    );
    answers['POST /xqapi/provider/oauth/token telephone_auto_login (secure)'] = { status: login.statusCode, body: scrub(login.body) };
    const userToken = (login.body.data as { access_token: string }).access_token;
    const user: TestUser = {
      userId: 0,
      telephone,
      session: undefined as never,
      cookie: `xq_a_token=${userToken}; XSRF-TOKEN=x`,
      headers: { cookie: `xq_a_token=${userToken}; XSRF-TOKEN=x`, 'x-xsrf-token': 'x' },
    };
    await record('GET /djapi/account (SMS user)', '/djapi/account', { user, extra: scrubUser });
    await record('POST /djapi/provider/thirdparty/unbind', '/djapi/provider/thirdparty/unbind', { user, form: { thirdparty_source: '' } });
    await record('POST /djapi/provider/oauth/logout', '/djapi/provider/oauth/logout', { user, form: {} });
    await record('GET /djapi/account (after logout)', '/djapi/account', { user });
    completed += 1;
  });

  it('a logged-in user: watchlist, risk assessment, income, account opening, trade password', async () => {
    const user = await createTestUser(t, { telephone: '13800138000' });
    const account = () => record(`GET /djapi/account (step ${Object.keys(answers).length})`, '/djapi/account', { user, extra: scrubUser });
    await account();

    // Watchlist (account.ts reads it, watchlist.ts changes it).
    const watchlist = '/xqstock/v5/stock/portfolio/stock/watchlist.json';
    await record('GET watchlist (empty)', watchlist, { user });
    await record('POST watchlist add', '/xqstock/v5/stock/portfolio/stock/add.json', {
      user,
      form: { symbols: `F${S.stock},SH000300, f${S.bond} ,F${S.stock}` },
    });
    await record('POST watchlist add unknown', '/xqstock/v5/stock/portfolio/stock/add.json', { user, form: { symbols: 'F000000' } });
    await record('POST watchlist add malformed', '/xqstock/v5/stock/portfolio/stock/add.json', {
      user,
      form: { symbols: ' , ' },
      lang: 'en-US',
    });
    await record('GET watchlist', watchlist, { user });
    await record('GET watchlist size 1', `${watchlist}?size=1`, { user });
    await record('GET watchlist other pid', `${watchlist}?pid=3`, { user });
    await record('POST watchlist cancel', '/xqstock/v5/stock/portfolio/stock/cancel.json', {
      user,
      form: { symbols: `SH000300,F${S.closed}` },
    });
    await record('GET watchlist after cancel', watchlist, { user });

    // Risk assessment.
    await record('GET /djapi/risk/assessment (none)', '/djapi/risk/assessment', { user });
    const answersForm = Object.fromEntries(QUESTIONS.map((q) => [q.id, q.options[1]?.id ?? q.options[0]!.id]));
    await record('POST /djapi/risk/assessment', '/djapi/risk/assessment', { user, form: { answers: JSON.stringify(answersForm) } });
    await record('POST /djapi/risk/assessment missing answer', '/djapi/risk/assessment', { user, form: { answers: '{"q1":"a"}' } });
    await record('POST /djapi/risk/assessment malformed [en-US]', '/djapi/risk/assessment', {
      user,
      form: { answers: '[1]' },
      lang: 'en-US',
    });
    await record('GET /djapi/risk/assessment (assessed)', '/djapi/risk/assessment', { user });
    await record('GET /djapi/risk/assessment (assessed) [en-US]', '/djapi/risk/assessment', { user, lang: 'en-US' });

    // Personal income.
    await record('POST /djapi/account/personal-income', '/djapi/account/personal-income', {
      user,
      form: { bracket: '100k_300k', amount_fen: '25000000' },
    });
    await record('POST /djapi/account/personal-income outside bracket', '/djapi/account/personal-income', {
      user,
      form: { bracket: 'below_100k', amount_fen: '25000000' },
    });
    await record('GET /djapi/account/personal-income (declared)', '/djapi/account/personal-income', { user });

    // Account opening: the bank's code (and its throttle), certification.
    const card = cardNumber('622202');
    const phone = '13600136000';
    const idNo = idNumber('1990-03-07', '123');
    await record('POST bank-code bad card', '/djapi/account/open/bank-code', {
      user,
      form: { bank_card_no: '6222021234', reserved_phone: phone },
    });
    await record('POST bank-code', '/djapi/account/open/bank-code', { user, form: { bank_card_no: card, reserved_phone: phone } });
    await record('POST bank-code again: wait', '/djapi/account/open/bank-code', {
      user,
      form: { bank_card_no: card, reserved_phone: phone },
    });
    await record('POST bank-code again: wait [en-US]', '/djapi/account/open/bank-code', {
      user,
      form: { bank_card_no: card, reserved_phone: phone },
      lang: 'en-US',
    });
    await record('GET /__dev/sms (bank code)', `/__dev/sms?telephone=${phone}`, { extra: scrubCodes });
    const bankCode = await latestCode(t, phone);
    const form = { real_name: '张三', id_no: idNo, bank_card_no: card, reserved_phone: phone, agreements: formatAcceptedAgreements() };
    await record('POST certification under age', '/djapi/account/open/certification', {
      user,
      form: { ...form, id_no: idNumber('2010-01-01', '123'), bank_code_sms: bankCode },
    });
    await record('POST certification wrong code', '/djapi/account/open/certification', {
      user,
      form: { ...form, bank_code_sms: bankCode === '0000' ? '1111' : '0000' },
    });
    await record('POST trade-password before certification', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: encryptForServer(t, '258036') },
    });
    await record('POST certification', '/djapi/account/open/certification', { user, form: { ...form, bank_code_sms: bankCode } });
    await record('POST certification again', '/djapi/account/open/certification', { user, form: { ...form, bank_code_sms: bankCode } });
    await account();

    // Trade password: set, verify, 5 wrong tries lock it for 3 hours.
    const verify = (label: string, password: string, lang?: string) => {
      const encrypted = password === '' ? '' : encryptForServer(t, password);
      return record(`POST trade-password/verify ${label}`, '/djapi/account/trade-password/verify', {
        user,
        form: { encrypted_password: encrypted },
        lang,
      });
    };
    await verify('before it is set', '258036');
    await record('POST trade-password weak', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: encryptForServer(t, '123456') },
    });
    await record('POST trade-password birthday [en-US]', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: encryptForServer(t, '900307') },
      lang: 'en-US',
    });
    await record('POST trade-password undecryptable', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: 'bm90IGVuY3J5cHRlZA==' },
    });
    await record('POST trade-password', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: encryptForServer(t, '258036') },
    });
    await record('POST trade-password again', '/djapi/account/trade-password', {
      user,
      form: { encrypted_password: encryptForServer(t, '258036') },
    });
    await account();
    await verify('right', '258036');
    await verify('wrong 1', '000123');
    await verify('wrong 2 [en-US]', '000123', 'en-US');
    await verify('undecryptable', '');
    await verify('right again', '258036');
    for (let i = 1; i <= 4; i += 1) await verify(`wrong ${i} of 5`, '000123');
    await verify('wrong 5 of 5: locked', '000123');
    await verify('right while locked', '258036');
    await verify('right while locked [en-US]', '258036', 'en-US');
    await account();
    t.clock.advance(3 * 3_600_000 - 1000);
    await verify('a second before the lock ends', '258036');
    t.clock.advance(1000);
    await verify('when the lock ends', '258036');
    await verify('wrong after the lock', '000123');
    await account();

    // The registry of fund accounts: another ID than the user's own is refused.
    await record('POST find-fund-account own ID', '/djapi/account/find-fund-account', { user, form: { id_no: idNo, real_name: '张三' } });
    await record('POST find-fund-account other ID', '/djapi/account/find-fund-account', {
      user,
      form: { id_no: idNumber('1980-05-05', '001'), real_name: '张三' },
    });
    completed += 1;
  });

  it('matches the recorded answers', () => {
    if (UPDATE) {
      assert.equal(completed, RECORDING_STEPS, 'a recording step failed: the fixture is left as it was');
      mkdirSync(path.dirname(FIXTURE), { recursive: true });
      writeFileSync(FIXTURE, `${JSON.stringify(answers, null, 1)}\n`);
      return;
    }
    assert.ok(existsSync(FIXTURE), `no fixture at ${FIXTURE}: run with UPDATE_GOLDEN=1 once`);
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, Answer>;
    assert.deepEqual(Object.keys(answers), Object.keys(expected), 'the same requests, in the same order');
    for (const [label, answer] of Object.entries(answers)) assert.deepEqual(answer, expected[label], label);
  });
});
