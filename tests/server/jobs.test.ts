import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { offsetClock } from '../../server/src/domain/clock';
import { createScheduler, type Job } from '../../server/src/jobs/scheduler';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { loadBusinessClock, readClockOffset, saveClockOffset } from '../../server/src/services/business-clock';
import { createTestApp, createTestDatabase, json, type Envelope, type TestApp } from './helpers';

interface ClockAnswer {
  now: string;
  trade_date: string;
  offset_days: number;
  jobs_through: string | null;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the business clock and the daily jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00; NAVs through Monday 03-03
  });
  after(async () => t.close());

  const lastNavDates = async () =>
    (
      await sql<{ code: string; last: string | null }>`
        SELECT f.code, max(n.date)::text AS last FROM fund f LEFT JOIN fund_nav n ON n.fund_code = f.code
        WHERE f.nav_model IS NOT NULL AND f.sale_status NOT IN ('closed', 'delisted') AND f.found_date <= '2025-03-04'
        GROUP BY f.code`.execute(t.db.kysely)
    ).rows;

  it('GET /__dev/clock tells business time in Shanghai and the trade date', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__dev/clock' });
    const body = json<Envelope<ClockAnswer>>(res);
    assert.equal(body.result_code, 0);
    assert.equal(body.data.now, '2025-03-04T10:00:00.000+08:00');
    assert.equal(body.data.trade_date, '2025-03-04');
    assert.equal(body.data.jobs_through, '2025-03-03', 'before any run: the market’s last day');
  });

  it('refuses a bad number of days with the catalogue’s message, moving nothing', async () => {
    for (const days of ['0', '401', '-1', 'abc', '1.5', 'Infinity', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/__dev/clock/advance', headers: form, payload: `days=${days}` });
      assert.equal(res.statusCode, 400, `days=${days}`);
      assert.equal(json<Envelope>(res).result_code, 400001);
    }
    const res = await t.app.inject({ method: 'GET', url: '/__dev/clock' });
    assert.equal(json<Envelope<ClockAnswer>>(res).data.now, '2025-03-04T10:00:00.000+08:00');
  });

  it('advancing a week publishes every trading day’s NAVs and valuations for every live fund, then answers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/__dev/clock/advance', headers: form, payload: 'days=7' });
    const body = json<Envelope<ClockAnswer>>(res);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(body.data.now, '2025-03-11T10:00:00.000+08:00');
    assert.equal(body.data.trade_date, '2025-03-11');
    assert.equal(body.data.jobs_through, '2025-03-11');
    // Business date 03-11 publishes through 03-10 (a Monday): the new NAV dates are 03-04 … 03-07, 03-10.
    const rows = await lastNavDates();
    assert.ok(rows.length > 20);
    for (const row of rows) assert.equal(row.last, '2025-03-10', `fund ${row.code}`);
    const valuations = await t.db.kysely
      .selectFrom('index_daily')
      .select(['pe', 'pb'])
      .where('index_code', '=', 'SH000300')
      .where('date', '>', '2025-03-03')
      .execute();
    assert.equal(valuations.length, 5, 'five new bars with a valuation');
    for (const v of valuations) assert.ok(Number(v.pe) > 0 && Number(v.pb) > 0);
    // The public answers follow at once (the market cache was dropped).
    const derived = await t.app.inject({ method: 'GET', url: `/djapi/fund/derived/${FUND_SAMPLES.stock}` });
    assert.equal(json<Envelope<{ end_date: string }>>(derived).data.end_date, '2025-03-10');
    const eva = await t.app.inject({ method: 'GET', url: '/djapi/index_eva/dj' });
    assert.match(eva.body, /2025-03-10|03-10/, 'valuations dated the new day');
  });

  it('each job runs once per date: a second run, or two at once, changes nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM fund_nav`.execute(t.db.kysely)).rows[0]?.n);
    const runs = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM job_runs`.execute(t.db.kysely)).rows[0]?.n);
    const navs = await count();
    const jobRuns = await runs();
    const [a, b] = await Promise.all([t.app.jobs.runDue(), t.app.jobs.runThrough('2025-03-11')]);
    assert.deepEqual([a.runs, b.runs], [[], []]);
    assert.equal(await count(), navs);
    assert.equal(await runs(), jobRuns);
    const recorded = await t.db.kysely
      .selectFrom('job_runs')
      .select(sql<string>`business_date::text`.as('d'))
      .where('job', '=', 'publish-market')
      .orderBy('business_date')
      .execute();
    assert.deepEqual(
      recorded.map((r) => r.d),
      ['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11'],
    );
  });

  it('the offset is stored, so a restarted demo keeps its business date', async () => {
    const stored = await readClockOffset(t.db.kysely);
    // A frozen test clock's offset from the wall clock grows as the test runs: stored at the last advance.
    assert.ok(Math.abs(stored - t.clock.offsetMs()) < 60_000, `stored ${stored} vs ${t.clock.offsetMs()}`);
    await saveClockOffset(t.db.kysely, 3 * 86_400_000);
    const clock = await loadBusinessClock(t.db.kysely);
    const ahead = clock.now().getTime() - Date.now();
    assert.ok(Math.abs(ahead - 3 * 86_400_000) < 5_000, `3 days ahead, got ${ahead} ms`);
  });
});

describe('the scheduler after a crash', () => {
  it('resumes at the first job not recorded, running nothing twice', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      await db.kysely
        .insertInto('app_state')
        .values({ key: 'jobs_through', value: JSON.stringify('2025-03-01') })
        .execute();
      const calls: string[] = [];
      let crashOn: string | null = '2025-03-03';
      const first: Job = { name: 'first', run: async (_ctx, date) => (calls.push(`first ${date}`), {}) };
      const second: Job = {
        name: 'second',
        run: async (_ctx, date) => {
          if (date === crashOn) throw new Error('killed');
          calls.push(`second ${date}`);
          return { n: 1 };
        },
      };
      const ctx = {
        db,
        clock: offsetClock('2025-03-04T02:00:00Z', { frozen: true }),
        marketChanged: () => undefined,
        log: () => undefined,
      };
      const scheduler = createScheduler(ctx, [first, second]);
      await assert.rejects(scheduler.runDue(), /killed/);
      assert.deepEqual(calls, ['first 2025-03-02', 'second 2025-03-02', 'first 2025-03-03']);
      assert.equal(await scheduler.jobsThrough(), '2025-03-02');
      crashOn = null;
      const report = await scheduler.runDue();
      assert.deepEqual(calls.slice(3), ['second 2025-03-03', 'first 2025-03-04', 'second 2025-03-04']);
      assert.deepEqual(report.dates, ['2025-03-03', '2025-03-04']);
      assert.equal(await scheduler.jobsThrough(), '2025-03-04');
    } finally {
      await drop();
    }
  });
});

describe('in production mode', () => {
  it('the dev clock and dev bank routes do not exist', async () => {
    const { db, drop } = await createTestDatabase();
    const app = await buildApp({
      db,
      clock: offsetClock('2025-03-04T02:00:00Z', { frozen: true }),
      config: testConfig({ nodeEnv: 'production' }),
    });
    try {
      for (const [method, url] of [
        ['GET', '/__dev/clock'],
        ['POST', '/__dev/clock/advance'],
        ['POST', '/__dev/bank'],
      ] as const) {
        const res = await app.inject({ method, url, headers: form, payload: method === 'POST' ? 'days=1' : undefined });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
      }
    } finally {
      await app.close();
      await drop();
    }
  });
});
