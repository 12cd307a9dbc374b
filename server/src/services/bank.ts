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
   * `usedOnSql` is usedOn as a SQL expression (read in the order's statement, under the investor's lock), and
   * `debitInStatement` decides the debit from that figure and gives its record as a data-modifying common table
   * expression of the statement that writes the order (the payment id being new: `order:<new id>`). A bank behind a
   * gateway leaves them out and the order path calls usedOn and debit.
   */
  usedOnSql?(userId: number, cardId: RawBuilder<unknown>, day: string): RawBuilder<number>;
  debitInStatement?(request: DebitRequest, usedTodayFen: number): { result: DebitResult; record: RawBuilder<unknown> };
  /** Development only: the next `count` debits are declined. */
  failNext(count: number): void;
  pendingFailures(): number;
}

export function simulatedBank(): Bank {
  let failures = 0;
  const usedOn = async (db: Kysely<DB>, userId: number, cardId: number, day: string): Promise<number> => {
    const row = await db
      .selectFrom('bank_payments')
      .select(sql<string>`coalesce(sum(amount_fen), 0)`.as('used'))
      .where('user_id', '=', userId)
      .where('bank_card_id', '=', cardId)
      .where('day', '=', day)
      .where('ok', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.used);
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
      await db
        .insertInto('bank_payments')
        .values({
          user_id: request.userId,
          payment_id: request.paymentId,
          bank_card_id: request.cardId,
          amount_fen: request.amountFen,
          day: request.day,
          ok: refusal === null,
          reason: refusal,
          created_at: request.now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'payment_id']).doNothing())
        .execute();
      return refusal === null ? { ok: true } : { ok: false, refusal, limits, usedTodayFen };
    },
    usedOnSql(userId, cardId, day) {
      return sql<number>`(SELECT coalesce(sum(amount_fen), 0)::bigint FROM bank_payments
        WHERE user_id = ${userId} AND bank_card_id = ${cardId} AND day = ${day}::date AND ok)`;
    },
    debitInStatement(request, usedTodayFen) {
      const limits = bankLimits(request.bankCode);
      const refusal = decide(request, limits, usedTodayFen);
      const record = sql`bank_payment AS (
        INSERT INTO bank_payments (user_id, payment_id, bank_card_id, amount_fen, day, ok, reason, created_at)
        VALUES (${request.userId}, ${request.paymentId}, ${request.cardId}, ${request.amountFen}, ${request.day}::date,
                ${refusal === null}, ${refusal}, ${request.now})
      )`;
      return { result: refusal === null ? { ok: true } : { ok: false, refusal, limits, usedTodayFen }, record };
    },
    failNext(count) {
      failures = Math.max(0, Math.floor(count));
    },
    pendingFailures: () => failures,
  };
}
