// The bank behind purchases: debits the investor's bound card. Behind an interface so a real payment gateway can
// replace the simulation. The simulated bank keeps its payments in `bank_payments` (its own book, as a real bank
// would on its side): a payment id is paid at most once (a retry with the same id answers the first result), and
// each card's per-payment and per-day limits hold. Outside production, `failNext(n)` (POST /__dev/bank) makes the
// next n debits fail, for tests and demos of a failed payment.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import { bankLimits, type BankLimits } from '../domain/banks';

export type DebitRefusal = 'per_payment_limit' | 'daily_limit' | 'declined';

export type DebitResult = { ok: true } | { ok: false; refusal: DebitRefusal; limits: BankLimits; usedTodayFen: number };

export interface DebitRequest {
  /** Idempotency key: the same id never pays twice. */
  paymentId: string;
  userId: number;
  cardId: number;
  bankCode: string;
  amountFen: number;
  /** The business date the payment belongs to (daily limits are per natural day). */
  day: string;
  now: Date;
}

export interface Bank {
  limits(bankCode: string): BankLimits;
  /** What the card has paid on `day` (successful debits). */
  usedOn(db: Kysely<DB>, userId: number, cardId: number, day: string): Promise<number>;
  /** Debits the card, once per payment id. `db` may be a transaction. */
  debit(db: Kysely<DB>, request: DebitRequest): Promise<DebitResult>;
  /**
   * A bank whose book is a table of this database (the simulated one) may offer the order path a single round trip:
   * `usedOnSql` is usedOn as a SQL expression over the statement's own columns (read in the order's statement, under
   * the investor's lock), and `debitsInStatement` decides the debits from those figures, in order, and gives their
   * record as a data-modifying common table expression of the statement that writes the orders (each payment id being
   * new: `order:<new id>`) — one debit or a batch of them, one statement either way. A bank behind a gateway leaves
   * them out and the order path calls usedOn and debit.
   */
  usedOnSql?(userId: RawBuilder<unknown>, cardId: RawBuilder<unknown>, day: RawBuilder<unknown>): RawBuilder<number>;
  debitsInStatement?(debits: ReadonlyArray<{ request: DebitRequest; usedTodayFen: number }>): {
    results: DebitResult[];
    record: RawBuilder<unknown>;
  };
  /** Development only: the next `count` debits are declined. */
  failNext(count: number): void;
  pendingFailures(): number;
}

/**
 * The bank's record of payments, as common table expressions of the statement that writes them: the payments (a
 * payment id already recorded is not recorded again; `new` when none can be: a plain insert, not a speculative one)
 * and, for those made, the card's total of the day. One array a
 * column: the statement's text is the same for one payment or fifty (a prepared statement's).
 */
function recordPayments(
  payments: ReadonlyArray<{ request: DebitRequest; refusal: DebitRefusal | null }>,
  ids: 'new' | 'maybe recorded',
): RawBuilder<unknown> {
  const column = <K extends keyof DebitRequest>(key: K) => payments.map((p) => p.request[key]);
  return sql`bank_payment AS (
      INSERT INTO bank_payments (user_id, payment_id, bank_card_id, amount_fen, day, ok, reason, created_at)
      SELECT * FROM unnest(${column('userId')}::bigint[], ${column('paymentId')}::text[], ${column('cardId')}::bigint[],
                           ${column('amountFen')}::bigint[], ${column('day')}::date[], ${payments.map((p) => p.refusal === null)}::boolean[],
                           ${payments.map((p) => p.refusal)}::text[], ${payments.map((p) => p.request.now.toISOString())}::timestamptz[])
      ${ids === 'new' ? sql`` : sql`ON CONFLICT (user_id, payment_id) DO NOTHING`}
      RETURNING user_id, bank_card_id, day, amount_fen, ok
    ),
    bank_day AS (
      INSERT INTO bank_card_days (user_id, bank_card_id, day, used_fen)
      SELECT user_id, bank_card_id, day, sum(amount_fen) FROM bank_payment WHERE ok GROUP BY user_id, bank_card_id, day
      ON CONFLICT (user_id, bank_card_id, day) DO UPDATE SET used_fen = bank_card_days.used_fen + EXCLUDED.used_fen
    )`;
}

export function simulatedBank(): Bank {
  let failures = 0;
  const usedOn = async (db: Kysely<DB>, userId: number, cardId: number, day: string): Promise<number> => {
    const row = await db
      .selectFrom('bank_card_days')
      .select('used_fen')
      .where('user_id', '=', userId)
      .where('bank_card_id', '=', cardId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.used_fen) : 0;
  };
  const decide = (request: DebitRequest, limits: BankLimits, usedTodayFen: number): DebitRefusal | null => {
    if (request.amountFen > limits.perPaymentFen) return 'per_payment_limit';
    if (usedTodayFen + request.amountFen > limits.dailyFen) return 'daily_limit';
    if (failures > 0) {
      failures -= 1;
      return 'declined';
    }
    return null;
  };
  return {
    limits: bankLimits,
    usedOn,
    async debit(db, request) {
      const limits = bankLimits(request.bankCode);
      const earlier = await db
        .selectFrom('bank_payments')
        .select(['ok', 'reason'])
        .where('user_id', '=', request.userId)
        .where('payment_id', '=', request.paymentId)
        .executeTakeFirst();
      const usedTodayFen = await usedOn(db, request.userId, request.cardId, request.day);
      if (earlier)
        return earlier.ok ? { ok: true } : { ok: false, refusal: (earlier.reason ?? 'declined') as DebitRefusal, limits, usedTodayFen };
      const refusal = decide(request, limits, usedTodayFen);
      await sql`WITH ${recordPayments([{ request, refusal }], 'maybe recorded')} SELECT 1`.execute(db);
      return refusal === null ? { ok: true } : { ok: false, refusal, limits, usedTodayFen };
    },
    usedOnSql(userId, cardId, day) {
      return sql<number>`coalesce((SELECT bd.used_fen FROM bank_card_days bd
        WHERE bd.user_id = ${userId} AND bd.bank_card_id = ${cardId} AND bd.day = ${day}), 0)`;
    },
    debitsInStatement(debits) {
      const results: DebitResult[] = [];
      const decided: Array<{ request: DebitRequest; refusal: DebitRefusal | null }> = [];
      for (const { request, usedTodayFen } of debits) {
        const limits = bankLimits(request.bankCode);
        const refusal = decide(request, limits, usedTodayFen);
        decided.push({ request, refusal });
        results.push(refusal === null ? { ok: true } : { ok: false, refusal, limits, usedTodayFen });
      }
      const record = recordPayments(decided, 'new');
      return { results, record };
    },
    failNext(count) {
      failures = Math.max(0, Math.floor(count));
    },
    pendingFailures: () => failures,
  };
}
