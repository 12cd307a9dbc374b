// The operator's brand and the demo market's fund houses must read as different firms (issue 17, "trust"): the
// default brand sells the funds, none of the simulated fund companies, managers' résumés, custodians or fund names
// may carry its name, and no two fund companies share a name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CUSTODIANS, FUND_COMPANIES } from '../../server/src/market/catalogue';
import { planMarket } from '../../server/src/market/generate';
import { DEFAULT_BRAND } from '../../src/lib/brand';

describe('demo market names vs the default brand', () => {
  const plan = planMarket({ seed: 1, asOf: '2025-03-04' });
  const brandWords = [DEFAULT_BRAND.shortName, DEFAULT_BRAND.name, DEFAULT_BRAND.company];

  it('no fund company, custodian, fund or manager résumé carries the brand’s name', () => {
    const texts = [
      ...plan.companies.flatMap((c) => [c.name, c.full_name]),
      ...CUSTODIANS,
      ...plan.funds.flatMap((f) => [f.row.name, f.row.full_name ?? '']),
      ...plan.managers.map((m) => m.resume ?? ''),
    ];
    assert.ok(plan.funds.length >= 1000, 'the default market');
    for (const word of brandWords) {
      const clash = texts.filter((t) => t.includes(word));
      assert.deepEqual(clash.slice(0, 5), [], `market names containing ${word}`);
    }
  });

  it('fund company names are all different', () => {
    const names = FUND_COMPANIES.map(([, name]) => name);
    assert.equal(new Set(names).size, names.length);
    assert.equal(plan.companies.length, names.length);
  });
});
