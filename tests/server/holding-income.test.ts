// Daily income of a holding (server/src/domain/holding-income.ts, PRODUCT §10.14, issue 28): a purchase's fee is
// its entry cost, never a day's loss — income starts on the first market day after the trade date (the income date
// the order promised) — and the days, entry costs included, still add up to the ledger's cumulative income.
// Pure: no database, no clock; the dates are fixed and mean nothing about today.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyIncome, type HoldingEvents } from '../../server/src/domain/holding-income';
import { divideHalfUp, sharesFor, units } from './exact';

const NAVS = [
  { date: '2027-06-25', nav: '1.2000' },
  { date: '2027-06-28', nav: '1.2345' },
  { date: '2027-06-29', nav: '1.2400' },
  { date: '2027-06-30', nav: '1.2290' },
  { date: '2027-07-01', nav: '1.2311' },
];
const navs = NAVS.map((n) => ({ date: n.date, units: Number(units(n.nav, 4)) }));
/** Shares (hundredths) × NAV, half up to the fen — the oracle, in BigInt. */
const valueFen = (volume: bigint, nav: string) => divideHalfUp(volume * units(nav, 4), 10_000n);

describe('holding income: a purchase is not a day’s loss', () => {
  // The issue's purchase: 10,000.00 with a fee of 74.44, priced at 06-28's NAV; a 定投 run of 1,000.00 (fee 7.44) the same day.
  const fees = [7444n, 744n];
  const costs = [1_000_000n, 100_000n];
  const volumes = costs.map((c, i) => sharesFor(c - (fees[i] as bigint), '1.2345'));
  const events: HoldingEvents = {
    lots: costs.map((c, i) => ({ tradeDate: '2027-06-28', volume: Number(volumes[i]), costFen: Number(c) })),
    sales: [],
    cashDividends: [],
  };
  const days = dailyIncome(events, navs);
  const held = (volumes[0] as bigint) + (volumes[1] as bigint);

  it('shows no income on the trade date: what the lots cost above their value is their entry cost', () => {
    const first = days.find((d) => d.date === '2027-06-28');
    assert.ok(first);
    assert.equal(first.incomeFen, 0, 'the trade date is not a day of loss');
    const entry = costs[0]! + costs[1]! - valueFen(held, '1.2345');
    assert.equal(BigInt(first.entryFen), entry);
    // The entry cost is the fees (81.88) and the shares' rounding — never more than a fen a lot beyond the fees.
    const feeSum = fees[0]! + fees[1]!;
    assert.ok(entry >= feeSum - 2n && entry <= feeSum + 2n, `entry ${entry} vs fees ${feeSum}`);
    assert.equal(days[0]?.date, '2027-06-28', 'nothing before the first trade');
  });

  it('starts on the next market day: the shares’ change of value', () => {
    const second = days.find((d) => d.date === '2027-06-29');
    assert.equal(BigInt(second?.incomeFen ?? NaN), valueFen(held, '1.2400') - valueFen(held, '1.2345'));
    assert.equal(second?.entryFen, 0);
  });

  it('adds up, entry costs included, to the ledger’s cumulative income: value now − cost', () => {
    const income = days.reduce((s, d) => s + BigInt(d.incomeFen), 0n);
    const entry = days.reduce((s, d) => s + BigInt(d.entryFen), 0n);
    assert.equal(income - entry, valueFen(held, '1.2311') - costs[0]! - costs[1]!);
  });

  it('a top-up on a held fund: the day’s income is the old shares’ only, the new lot’s fee its entry cost', () => {
    const old = sharesFor(500_000n, '1.2000');
    const topUp = sharesFor(100_000n - 150n, '1.2400');
    const two = dailyIncome(
      {
        lots: [
          { tradeDate: '2027-06-25', volume: Number(old), costFen: 500_000 },
          { tradeDate: '2027-06-29', volume: Number(topUp), costFen: 100_000 },
        ],
        sales: [],
        cashDividends: [],
      },
      navs,
    );
    const day = two.find((d) => d.date === '2027-06-29');
    assert.equal(BigInt(day?.incomeFen ?? NaN), valueFen(old, '1.2400') - valueFen(old, '1.2345'));
    assert.equal(BigInt(day?.entryFen ?? NaN), 100_000n - (valueFen(old + topUp, '1.2400') - valueFen(old, '1.2400')));
  });

  it('a reinvested dividend (cost 0) stays in the day’s value: no entry cost, the NAV’s drop offset', () => {
    const old = sharesFor(500_000n, '1.2000');
    const reinvested = 1_234n;
    const two = dailyIncome(
      {
        lots: [
          { tradeDate: '2027-06-25', volume: Number(old), costFen: 500_000 },
          { tradeDate: '2027-06-30', volume: Number(reinvested), costFen: 0 },
        ],
        sales: [],
        cashDividends: [],
      },
      navs,
    );
    const day = two.find((d) => d.date === '2027-06-30');
    assert.equal(day?.entryFen, 0);
    assert.equal(BigInt(day?.incomeFen ?? NaN), valueFen(old + reinvested, '1.2290') - valueFen(old, '1.2400'));
  });
});
