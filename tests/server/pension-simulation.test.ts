// A seeded random simulation of personal-pension investors (issue 24) on the real services, jobs and database.
// 1. Contributions and withdrawals over more than a year of calendar days from the business date (so a 31 December →
//    1 January is always crossed), at random hours — around midnight too: an independent model (BigInt) predicts
//    every refusal of the yearly cap (12,000.00 per Shanghai calendar year), of the balance, of contributions after a
//    retirement withdrawal, and every tax (3 %, half up); after each checkpoint the ledger's pension account equals the
//    model's balance to the fen, each year's contributions equal the model's, and the ledger's invariants hold.
// 2. Y-class trading with pension money over trading days with the daily jobs: purchases (some above the balance,
//    refused), sales into the pension account, cancels; after each day the pension account equals contributions −
//    live purchases + refunds + settled sales' proceeds (read from the orders, not the ledger) and the invariants hold
//    (the closed loop included).
//   PENSION_SIM_INVESTORS (10), PENSION_SIM_DAYS (400 calendar days), PENSION_SIM_TRADING_DAYS (8), PENSION_SIM_SEED.
import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { addCalendarDays, nextTradingDay } from '../../server/src/domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../../server/src/domain/clock';
import { TradeRefusal } from '../../server/src/domain/trade-refusal';
import { checkLedger } from '../../server/src/ledger/check';
import { contribute, openPension, pensionFunds, withdraw } from '../../server/src/services/pension';
import { cancelOrder, placeBuy, placeSell, type TradingDeps } from '../../server/src/services/trading';
import { businessStartForTests, createTestApp, rotatingSeed, TEST_NOW, type TestApp } from './helpers';

const INVESTORS = Number(process.env.PENSION_SIM_INVESTORS ?? 10);
const DAYS = Number(process.env.PENSION_SIM_DAYS ?? 400);
const TRADING_DAYS = Number(process.env.PENSION_SIM_TRADING_DAYS ?? 8);
const SEED = rotatingSeed(process.env.PENSION_SIM_SEED, 24);
const START = businessStartForTests(TEST_NOW);
const PASSWORD = '246813';
const CAP = 1_200_000n;

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16, r: 1, p: 1 });
  return ['scrypt', 16, 1, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Investors with an opened account, a card, the password above, an assessment and (optionally) an identity. */
async function createInvestors(t: TestApp, count: number, prefix: string): Promise<number[]> {
  const now = t.clock.now();
  const created = await t.db.kysely
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({ telephone: `${prefix}${String(i).padStart(6, '0')}`, open_trade: true, created_at: now })),
    )
    .returning('id')
    .execute();
  const ids = created.map((u) => Number(u.id));
  const hash = cheapHash(PASSWORD);
  await t.db.kysely
    .insertInto('bank_cards')
    .values(
      ids.map((id) => ({
        user_id: id,
        bank_code: 'CMB',
        card_hmac: `pension${id}`,
        card_no_encrypted: 'x',
        card_tail: '0000',
        reserved_phone_encrypted: 'x',
        reserved_phone_masked: 'x',
        verified_at: now,
      })),
    )
    .execute();
  await t.db.kysely
    .insertInto('trade_passwords')
    .values(ids.map((id) => ({ user_id: id, hash, created_at: now, updated_at: now })))
    .execute();
  await t.db.kysely
    .insertInto('risk_assessments')
    .values(
      ids.map((id) => ({
        user_id: id,
        questionnaire: 'v1',
        answers: JSON.stringify({}),
        score: 80,
        level: 5,
        assessed_at: now,
        valid_until: addCalendarDays(shanghaiDate(now), 3650),
      })),
    )
    .execute();
  return ids;
}

const refusalOf = async (work: () => Promise<unknown>): Promise<string | null> => {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof TradeRefusal) return error.reason;
    throw error;
  }
};

async function pensionBalances(t: TestApp): Promise<Map<number, bigint>> {
  const rows = await sql<{ user_id: number; b: string }>`
    SELECT user_id, sum(CASE WHEN credit_account = 'pension' THEN amount ELSE -amount END)::text AS b
    FROM ledger_transfers WHERE 'pension' IN (credit_account, debit_account) GROUP BY user_id`.execute(t.db.kysely);
  return new Map(rows.rows.map((r) => [Number(r.user_id), BigInt(r.b)]));
}

describe(`pension simulation: ${INVESTORS} investors, ${DAYS} days of contributions from ${START}, seed ${SEED}`, () => {
  let t: TestApp;
  let deps: TradingDeps;
  before(async () => {
    t = await createTestApp({ now: START });
    deps = { db: t.db, clock: t.clock, bank: t.app.bank, pepper: t.app.tradePasswordPepper };
  });
  after(() => t.close());

  it('keeps the yearly cap, the balance and the tax to the fen, year boundary included', async () => {
    const r = rng(SEED);
    const users = await createInvestors(t, INVESTORS, '1365');
    // A third are past the basic-pension age (born 1950, male: the 17th digit odd), the rest far from it.
    const cipher = t.app.personalData;
    await t.db.kysely
      .insertInto('user_identities')
      .values(
        users.map((id, i) => {
          const old = i % 3 === 0;
          // The 17th character gives the sex: '1' male (born 1950: past the age), '2' female (born 1995).
          const idNo = old ? '11010119500101001X' : '110101199506010022';
          return {
            user_id: id,
            id_no_hmac: `sim${id}`,
            id_no_encrypted: cipher.encrypt(idNo),
            id_no_masked: 'x',
            real_name_encrypted: cipher.encrypt('x'),
            real_name_masked: 'x',
            birth_date: old ? '1950-01-01' : '1995-06-01',
            certified_at: t.clock.now(),
          };
        }),
      )
      .execute();
    interface Holder {
      opened: boolean;
      balance: bigint;
      years: Map<number, bigint>;
      drawing: boolean;
      old: boolean;
    }
    const model = new Map<number, Holder>(
      users.map((id, i) => [id, { opened: false, balance: 0n, years: new Map<number, bigint>(), drawing: false, old: i % 3 === 0 }]),
    );
    const tally = { contributions: 0, capRefusals: 0, withdrawals: 0, closedRefusals: 0, insufficient: 0, years: new Set<number>() };
    const startDate = shanghaiDate(new Date(START));
    let request = 0;
    for (let day = 0; day < DAYS; day += 1) {
      const date = addCalendarDays(startDate, day);
      for (const userId of users) {
        if (r.next() > 0.25) continue;
        const m = model.get(userId) as Holder;
        // Around midnight now and then: the year a contribution counts in is its Shanghai date's.
        const hour = r.next() < 0.2 ? r.pick(['23', '00']) : String(r.int(8, 22)).padStart(2, '0');
        t.clock.set(shanghaiInstant(date, `${hour}:${String(r.int(0, 59)).padStart(2, '0')}:00`));
        const today = shanghaiDate(t.clock.now());
        const year = Number(today.slice(0, 4));
        tally.years.add(year);
        const requestId = `sim-${SEED}-${(request += 1)}`;
        if (!m.opened) {
          await openPension(deps, { userId, requestId, socialAccount: true, password: PASSWORD });
          m.opened = true;
          continue;
        }
        const roll = r.next();
        if (roll < 0.75) {
          // A contribution: small, large, or exactly the room left.
          const used = m.years.get(year) ?? 0n;
          const room = CAP - used;
          const amount = r.next() < 0.15 && room > 0n ? Number(room) : r.next() < 0.5 ? r.int(1, 99_999) : r.int(100_000, 800_000);
          const reason = await refusalOf(() => contribute(deps, { userId, amountFen: amount, requestId, password: PASSWORD }));
          const expected = m.drawing ? 'pensionContributionClosed' : BigInt(amount) > room ? 'pensionCapExceeded' : null;
          assert.equal(reason, expected, `${today} user ${userId}: contribute ${amount} with room ${room}`);
          if (reason === null) {
            m.years.set(year, used + BigInt(amount));
            m.balance += BigInt(amount);
            tally.contributions += 1;
            // A replay is harmless.
            await contribute(deps, { userId, amountFen: amount, requestId, password: PASSWORD });
          } else if (reason === 'pensionCapExceeded') tally.capRefusals += 1;
          else tally.closedRefusals += 1;
        } else {
          const condition = m.old && r.next() < 0.5 ? 'retirement' : r.pick(['disability', 'emigration'] as const);
          const once = r.next() < 0.2;
          const amount = r.int(1, 300_000);
          const reason = await refusalOf(() =>
            withdraw(
              { ...deps, cipher },
              { userId, condition, mode: once ? 'once' : 'monthly', amountFen: once ? null : amount, requestId, password: PASSWORD },
            ),
          );
          const taken = once ? m.balance : BigInt(amount);
          const expected = taken <= 0n || taken > m.balance ? 'pensionInsufficient' : null;
          assert.equal(reason, expected, `${today} user ${userId}: withdraw ${once ? 'all' : amount} of ${m.balance}`);
          if (reason === null) {
            const tax = (taken * 3n * 2n + 100n) / 200n;
            const row = await t.db.kysely
              .selectFrom('pension_withdrawals')
              .select(['tax_fen', 'net_fen'])
              .where('user_id', '=', userId)
              .where('request_id', '=', requestId)
              .executeTakeFirstOrThrow();
            assert.equal(BigInt(row.tax_fen), tax);
            assert.equal(BigInt(row.net_fen), taken - tax);
            m.balance -= taken;
            if (condition === 'retirement') m.drawing = true;
            tally.withdrawals += 1;
          } else tally.insufficient += 1;
        }
      }
      if (day % 30 === 29 || day === DAYS - 1 || date.endsWith('-12-31') || date.endsWith('-01-01')) {
        assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger on ${date}`);
        const balances = await pensionBalances(t);
        for (const [userId, m] of model) assert.equal(balances.get(userId) ?? 0n, m.balance, `balance of ${userId} on ${date}`);
        const years = await sql<{ user_id: number; year: number; total: string }>`
          SELECT user_id, extract(year FROM business_date)::int AS year, sum(amount)::text AS total FROM ledger_transfers
          WHERE kind = 'pension_contribution' GROUP BY 1, 2`.execute(t.db.kysely);
        const posted = new Map(years.rows.map((y) => [`${y.user_id} ${y.year}`, BigInt(y.total)]));
        for (const [userId, m] of model)
          for (const [year, total] of m.years)
            assert.equal(posted.get(`${userId} ${year}`), total, `contributions of ${userId} in ${year}`);
      }
    }
    assert.ok(tally.years.size >= 2, 'a year boundary was crossed');
    assert.ok(tally.contributions > 50 && tally.capRefusals > 0 && tally.withdrawals > 0, JSON.stringify(tally));
  });
});

describe(`pension simulation: Y classes over ${TRADING_DAYS} trading days from ${START}, seed ${SEED}`, () => {
  let t: TestApp;
  let deps: TradingDeps;
  before(async () => {
    t = await createTestApp({ market: true, now: START });
    deps = { db: t.db, clock: t.clock, bank: t.app.bank, pepper: t.app.tradePasswordPepper };
  });
  after(() => t.close());

  it('buys and sells only through the pension account, the account equal to its orders after every settlement', async () => {
    const r = rng(SEED + 1);
    const users = await createInvestors(t, 6, '1366');
    const contributed = new Map<number, bigint>();
    let request = 0;
    for (const userId of users) {
      await openPension(deps, { userId, requestId: `open-${userId}`, socialAccount: true, password: PASSWORD });
      const amount = r.int(100_000, 1_200_000);
      await contribute(deps, { userId, amountFen: amount, requestId: `c-${userId}`, password: PASSWORD });
      contributed.set(userId, BigInt(amount));
    }
    const funds = (await pensionFunds(t.db.kysely)).filter((f) => f.nav !== null && f.lock_days === 0);
    assert.ok(funds.length > 0);
    const tally = { buys: 0, insufficient: 0, sells: 0, cancels: 0 };
    let date = shanghaiDate(t.clock.now());
    for (let d = 0; d < TRADING_DAYS; d += 1) {
      for (const userId of users) {
        t.clock.set(shanghaiInstant(date, `${String(r.int(9, 16)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00`));
        const fund = r.pick(funds);
        const requestId = `y-${SEED}-${(request += 1)}`;
        const roll = r.next();
        if (roll < 0.5) {
          const amount = r.int(100, 600_000);
          const reason = await refusalOf(() =>
            placeBuy(deps, {
              userId,
              fundCode: fund.code,
              amountFen: amount,
              requestId,
              riskConfirm: true,
              payMethod: 'pension',
              password: PASSWORD,
              riskWarningText: () => '',
            }),
          );
          if (reason === 'pensionInsufficient') tally.insufficient += 1;
          else assert.equal(reason, null);
          if (reason === null) tally.buys += 1;
        } else if (roll < 0.8) {
          const held = await t.db.kysely
            .selectFrom('lots')
            .select(['fund_code', sql<string>`sum(volume)::text`.as('v')])
            .where('user_id', '=', userId)
            .groupBy('fund_code')
            .execute();
          const lot = held.find((h) => Number(h.v) > 0);
          if (lot) {
            const volume = r.int(1, Number(lot.v));
            const reason = await refusalOf(() =>
              placeSell(deps, { userId, fundCode: lot.fund_code, volume, requestId, password: PASSWORD }),
            );
            if (reason === null) tally.sells += 1;
          }
        } else {
          const open = await t.db.kysely
            .selectFrom('orders')
            .select('id')
            .where('user_id', '=', userId)
            .where('status', 'in', ['paid', 'submitted'])
            .execute();
          if (open.length > 0) {
            const reason = await refusalOf(() => cancelOrder(deps, { userId, orderId: Number(r.pick(open).id), password: PASSWORD }));
            if (reason === null) tally.cancels += 1;
          }
        }
      }
      date = nextTradingDay(date);
      t.clock.set(shanghaiInstant(date, '00:30:00'));
      await t.app.jobs.runDue();
      assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger on ${date}`);
      // The pension account from the orders: contributions − live purchases' money + refunds + settled sales' proceeds.
      const rows = await sql<{ user_id: number; paid: string; refunded: string; proceeds: string }>`
        SELECT user_id,
          coalesce(sum(amount_fen) FILTER (WHERE pay_method = 'pension' AND status IN ('paid', 'confirmed', 'failed', 'cancelled')), 0)::text AS paid,
          coalesce(sum(coalesce(refund_fen, 0)) FILTER (WHERE pay_method = 'pension'), 0)::text AS refunded,
          coalesce(sum(confirm_amount_fen - fee_fen) FILTER (WHERE sell_mode = 'pension' AND settled_at IS NOT NULL), 0)::text AS proceeds
        FROM orders GROUP BY user_id`.execute(t.db.kysely);
      const balances = await pensionBalances(t);
      for (const userId of users) {
        const o = rows.rows.find((x) => Number(x.user_id) === userId);
        const expected = (contributed.get(userId) as bigint) - BigInt(o?.paid ?? 0) + BigInt(o?.refunded ?? 0) + BigInt(o?.proceeds ?? 0);
        assert.equal(balances.get(userId), expected, `pension account of ${userId} on ${date}`);
      }
      const stray = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM ledger_transfers l JOIN fund f ON f.code = split_part(l.credit_account, ':', 2)
        WHERE f.share_class = 'Y' AND l.debit_account = 'bank'`.execute(t.db.kysely);
      assert.equal(stray.rows[0]?.n, '0', 'no card money reaches a Y class');
    }
    assert.ok(tally.buys > 0 && tally.insufficient > 0, JSON.stringify(tally));
  });
});
