import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { ImportError, importNavCsv } from '../../server/src/market/nav-import';
import { createTestApp, json, type TestApp } from './helpers';

const CODE = FUND_SAMPLES.bond;
const GOOD = [
  'fund_code,date,nav,acc_nav',
  `${CODE},2025-02-27,1.0000,1.0000`,
  `${CODE},2025-02-28,1.0100,1.0100`,
  `${CODE},2025-03-03,1.0302,1.0302`,
  '',
].join('\n');

describe('NAV CSV import', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  const navRows = () =>
    t.db.kysely
      .selectFrom('fund_nav')
      .select(['date', 'nav', 'acc_nav', 'daily_change'])
      .where('fund_code', '=', CODE)
      .orderBy('date')
      .execute();

  it('refuses a bad file with line numbers and changes nothing', async () => {
    const before = await navRows();
    const bad = [
      'fund_code,date,nav,acc_nav',
      `${CODE},2025-02-27,1.0000,1.0000`,
      '12345,2025-02-28,1.01,1.01',
      `${CODE},2025-02-30,1.01,1.01`,
      `${CODE},2025-03-03,-1,1.01`,
      '999999,2025-03-03,1.01,1.01',
      `${CODE},2025-02-27,1.0000,1.0000`,
    ].join('\n');
    await assert.rejects(importNavCsv(t.db, bad), (error: unknown) => {
      assert.ok(error instanceof ImportError);
      assert.match(error.problems.join('\n'), /line 3: fund_code "12345" must be six digits/);
      assert.match(error.problems.join('\n'), /line 4: date "2025-02-30"/);
      assert.match(error.problems.join('\n'), /line 5: nav "-1"/);
      assert.match(error.problems.join('\n'), /line 6: unknown fund 999999/);
      assert.match(error.problems.join('\n'), /line 7: duplicate row/);
      return true;
    });
    await assert.rejects(importNavCsv(t.db, 'code,date,nav\n'), /missing column "fund_code"/);
    assert.deepEqual(await navRows(), before);
  });

  it('replaces the fund history, recomputes returns, and is idempotent', async () => {
    const first = await importNavCsv(t.db, GOOD);
    assert.deepEqual(first, { funds: 1, rows: 3 });
    const rows = await navRows();
    assert.deepEqual(
      rows.map((r) => [r.date, r.nav, r.daily_change]),
      [
        ['2025-02-27', '1.0000', null],
        ['2025-02-28', '1.0100', '1.0000'],
        ['2025-03-03', '1.0302', '2.0000'],
      ],
    );
    await importNavCsv(t.db, GOOD);
    assert.deepEqual(await navRows(), rows, 'importing the same file again changes nothing');
    const res = await t.app.inject({ method: 'GET', url: `/djapi/fund/derived/${CODE}` });
    const derived = json<{ data: { unit_nav: string; nav_grbase: string; nav_grtd: string } }>(res).data;
    assert.equal(derived.unit_nav, '1.0302');
    assert.equal(derived.nav_grbase, '3.0200');
    assert.equal(derived.nav_grtd, '2.0000');
    const history = json<{ data: { total_items: number } }>(
      await t.app.inject({ method: 'GET', url: `/djapi/fund/nav/history/${CODE}?page=1&size=10` }),
    );
    assert.equal(history.data.total_items, 3);
  });
});
