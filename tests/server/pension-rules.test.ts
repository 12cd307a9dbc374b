// The basic-pension age of the personal pension's withdrawal (issue 24, docs/PRODUCT.md §10.13), checked against the
// appendix tables of the NPC Standing Committee's decision of 2024-09-13 on the progressive statutory retirement age
// (in force 2025-01-01), row by row as published — not recomputed from the rule: men 60 → 63 and women in management
// and technical posts 55 → 58 by one month every four months, women workers 50 → 55 by one month every two months.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retirementCategoryOf, retirementDate, sexFromIdNumber } from '../../src/lib/pension-rules';

describe('the basic-pension age by birth date, sex and category', () => {
  it('men (originally 60): table 1 of the decision', () => {
    // [birth, the new age as published (years, months), the date it gives]
    const rows: Array<[string, string, string]> = [
      ['1960-07-08', '60y', '2020-07-08'],
      ['1964-12-31', '60y', '2024-12-31'],
      ['1965-01-10', '60y1m', '2025-02-10'],
      ['1965-04-30', '60y1m', '2025-05-30'],
      ['1965-05-01', '60y2m', '2025-07-01'],
      ['1971-03-15', '61y7m', '2032-10-15'],
      ['1976-08-20', '62y11m', '2039-07-20'],
      ['1976-09-01', '63y', '2039-09-01'],
      ['1990-03-07', '63y', '2053-03-07'],
    ];
    for (const [birth, , date] of rows) assert.equal(retirementDate(birth, 'male'), date, `a man born ${birth}`);
  });

  it('women of the 55-year category (女干部): table 2 of the decision', () => {
    const rows: Array<[string, string, string]> = [
      ['1969-12-15', '55y', '2024-12-15'],
      ['1970-01-15', '55y1m', '2025-02-15'],
      ['1970-05-15', '55y2m', '2025-07-15'],
      ['1975-01-01', '56y4m', '2031-05-01'],
      ['1981-08-31', '57y11m', '2039-07-31'],
      ['1981-09-30', '58y', '2039-09-30'],
      ['1990-05-17', '58y', '2048-05-17'],
    ];
    for (const [birth, , date] of rows) assert.equal(retirementDate(birth, 'female_55'), date, `a woman (55) born ${birth}`);
  });

  it('women workers of the 50-year category (女工人): table 3 of the decision', () => {
    const rows: Array<[string, string, string]> = [
      ['1972-06-15', '50y', '2022-06-15'],
      ['1974-12-31', '50y', '2024-12-31'],
      ['1975-01-31', '50y1m', '2025-02-28'],
      ['1975-02-10', '50y1m', '2025-03-10'],
      ['1975-03-10', '50y2m', '2025-05-10'],
      ['1980-01-05', '52y7m', '2032-08-05'],
      ['1984-10-10', '54y11m', '2039-09-10'],
      ['1984-11-10', '55y', '2039-11-10'],
      ['1995-02-28', '55y', '2050-02-28'],
    ];
    for (const [birth, , date] of rows) assert.equal(retirementDate(birth, 'female_50'), date, `a woman worker born ${birth}`);
  });

  it('the category: a man’s is his; a woman’s is the one she declares, the 55-year one when she declares none', () => {
    assert.equal(retirementCategoryOf('male', null), 'male');
    assert.equal(retirementCategoryOf('male', 'female_50'), 'male');
    assert.equal(retirementCategoryOf('female', null), 'female_55');
    assert.equal(retirementCategoryOf('female', 'female_50'), 'female_50');
    assert.equal(retirementCategoryOf('female', 'female_55'), 'female_55');
    // The ID's 17th character gives the sex (odd: male), GB 11643.
    assert.equal(sexFromIdNumber('110101199003072425'), 'female');
    assert.equal(sexFromIdNumber('11010119650110011X'), 'male');
    assert.equal(sexFromIdNumber('1101011965'), null);
  });
});
