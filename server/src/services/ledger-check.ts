// The ledger's invariants, checked after every settlement run and by the tests after every step:
// 1. every asset's ledger sums to zero over all accounts (each transfer balances by construction; this checks the
//    balance arithmetic too);
// 2. no internal account is negative (only the outside world — the card, fund companies, registrars — may be);
// 3. each lot's ledger balance equals its shares, and shares frozen by pending sales equal their order parts;
// 4. money paid in = confirmed cost + fees + refunds + money still in transit to the fund company, and proceeds
//    confirmed = proceeds paid out + proceeds still in transit; pending purchases equal the paid orders;
// 5. the platform's advance (垫资: instant withdrawals, purchases paid by the cash product) equals what the
//    unsettled redemptions behind them still owe: its balance is minus their shares (NAV 1.00, no fee);
// 6. the platform's marketing account (registration coupons, issue 25) has paid exactly the discounts of the
//    confirmed purchases that used a coupon: its balance is minus their sum.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface LedgerViolation {
  rule: string;
  detail: string;
}

const OUTSIDE = /^(bank|company:|registrar:|advance$|marketing$)/;

export async function checkLedger(db: Kysely<DB>, opts: { userId?: number } = {}): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const userFilter = opts.userId === undefined ? sql`TRUE` : sql`user_id = ${opts.userId}`;
  const balances = (
    await sql<{ user_id: number; asset: string; account: string; balance: string }>`
      SELECT user_id, asset, account, sum(amount)::text AS balance FROM (
        SELECT user_id, asset, credit_account AS account, amount FROM ledger_transfers WHERE ${userFilter}
        UNION ALL
        SELECT user_id, asset, debit_account, -amount FROM ledger_transfers WHERE ${userFilter}
      ) t GROUP BY user_id, asset, account`.execute(db)
  ).rows;
  const perAsset = new Map<string, bigint>();
  for (const b of balances) {
    perAsset.set(b.asset, (perAsset.get(b.asset) ?? 0n) + BigInt(b.balance));
    if (!OUTSIDE.test(b.account) && BigInt(b.balance) < 0n)
      violations.push({ rule: 'negative', detail: `user ${b.user_id} ${b.account} ${b.asset} = ${b.balance}` });
  }
  for (const [asset, sum] of perAsset) if (sum !== 0n) violations.push({ rule: 'sum', detail: `${asset} sums to ${sum}` });

  const balanceOf = new Map(balances.map((b) => [`${b.user_id} ${b.asset} ${b.account}`, Number(b.balance)]));
  let lotQuery = db.selectFrom('lots').select(['user_id', 'id', 'fund_code', 'volume']);
  if (opts.userId !== undefined) lotQuery = lotQuery.where('user_id', '=', opts.userId);
  const lots = await lotQuery.execute();
  for (const lot of lots) {
    const ledger = balanceOf.get(`${lot.user_id} F:${lot.fund_code} lot:${lot.id}`) ?? 0;
    if (ledger !== Number(lot.volume))
      violations.push({ rule: 'lot', detail: `user ${lot.user_id} lot ${lot.id}: ledger ${ledger}, lot ${lot.volume}` });
  }
  const frozen = (
    await sql<{ user_id: number; fund_code: string; volume: string }>`
      SELECT o.user_id, o.fund_code, sum(ol.volume)::text AS volume FROM orders o JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
      WHERE o.status = 'submitted' AND o.action = '024' AND ${sql.raw(opts.userId === undefined ? 'TRUE' : `o.user_id = ${Number(opts.userId)}`)}
      GROUP BY o.user_id, o.fund_code`.execute(db)
  ).rows;
  const frozenOf = new Map(frozen.map((f) => [`${f.user_id} F:${f.fund_code} selling:${f.fund_code}`, Number(f.volume)]));
  for (const b of balances.filter((x) => x.account.startsWith('selling:'))) {
    const key = `${b.user_id} ${b.asset} ${b.account}`;
    if (Number(b.balance) !== (frozenOf.get(key) ?? 0))
      violations.push({ rule: 'selling', detail: `${key}: ledger ${b.balance}, orders ${frozenOf.get(key) ?? 0}` });
    frozenOf.delete(key);
  }
  for (const [key, volume] of frozenOf)
    if (volume !== 0) violations.push({ rule: 'selling', detail: `${key}: orders ${volume}, ledger 0` });

  const flows = (
    await sql<{ user_id: number; kind: string; amount: string }>`
      SELECT user_id, kind, sum(amount)::text AS amount FROM ledger_transfers WHERE asset = 'CNY' AND ${userFilter} GROUP BY user_id, kind`.execute(
      db,
    )
  ).rows;
  const pendingPaid = (
    await sql<{ user_id: number; amount: string }>`
      SELECT user_id, sum(amount_fen)::text AS amount FROM orders WHERE status = 'paid' AND ${userFilter} GROUP BY user_id`.execute(db)
  ).rows;
  const users = new Set([...flows.map((f) => Number(f.user_id)), ...pendingPaid.map((p) => Number(p.user_id))]);
  for (const user of users) {
    const flow = (kind: string) => Number(flows.find((f) => Number(f.user_id) === user && f.kind === kind)?.amount ?? 0);
    const inTransit = balances
      .filter((b) => Number(b.user_id) === user && b.account.startsWith('purchase:'))
      .reduce((s, b) => s + Number(b.balance), 0);
    const proceedsInTransit = balances
      .filter((b) => Number(b.user_id) === user && b.account.startsWith('proceeds:'))
      .reduce((s, b) => s + Number(b.balance), 0);
    // A failed raising's interest (company → purchase account) is refunded with the money paid in.
    const paidIn = flow('purchase_payment') + flow('raising_interest');
    const accounted = flow('purchase_cost') + flow('purchase_fee') + flow('purchase_refund') + inTransit;
    if (paidIn !== accounted)
      violations.push({ rule: 'money-in', detail: `user ${user}: paid in ${paidIn} ≠ cost + fees + refunds + in transit ${accounted}` });
    if (flow('redeem_proceeds') !== flow('payout') + proceedsInTransit) {
      violations.push({
        rule: 'money-out',
        detail: `user ${user}: proceeds ${flow('redeem_proceeds')} ≠ paid out ${flow('payout')} + in transit ${proceedsInTransit}`,
      });
    }
    const paid = Number(pendingPaid.find((p) => Number(p.user_id) === user)?.amount ?? 0);
    if (paid !== inTransit)
      violations.push({ rule: 'pending', detail: `user ${user}: paid orders ${paid} ≠ purchase accounts ${inTransit}` });
  }
  const owed = (
    await sql<{ user_id: number; owed: string }>`
      SELECT user_id, sum(volume)::text AS owed FROM orders
      WHERE action = '024' AND sell_mode IN ('quick', 'pay') AND status IN ('submitted', 'confirmed') AND settled_at IS NULL AND ${userFilter}
      GROUP BY user_id`.execute(db)
  ).rows;
  const owedOf = new Map(owed.map((o) => [Number(o.user_id), Number(o.owed)]));
  const advances = balances.filter((b) => b.account === 'advance');
  for (const b of advances) {
    const user = Number(b.user_id);
    if (-Number(b.balance) !== (owedOf.get(user) ?? 0))
      violations.push({ rule: 'advance', detail: `user ${user}: advance ${b.balance}, owed by redemptions ${owedOf.get(user) ?? 0}` });
    owedOf.delete(user);
  }
  for (const [user, amount] of owedOf)
    if (amount !== 0) violations.push({ rule: 'advance', detail: `user ${user}: owed by redemptions ${amount}, advance 0` });
  const subsidised = (
    await sql<{ user_id: number; amount: string }>`
      SELECT user_id, sum(coupon_discount_fen)::text AS amount FROM orders
      WHERE status = 'confirmed' AND coupon_discount_fen > 0 AND ${userFilter} GROUP BY user_id`.execute(db)
  ).rows;
  const subsidyOf = new Map(subsidised.map((r) => [Number(r.user_id), Number(r.amount)]));
  for (const b of balances.filter((x) => x.account === 'marketing')) {
    const user = Number(b.user_id);
    if (-Number(b.balance) !== (subsidyOf.get(user) ?? 0))
      violations.push({ rule: 'marketing', detail: `user ${user}: marketing ${b.balance}, coupon discounts ${subsidyOf.get(user) ?? 0}` });
    subsidyOf.delete(user);
  }
  for (const [user, amount] of subsidyOf)
    if (amount !== 0) violations.push({ rule: 'marketing', detail: `user ${user}: coupon discounts ${amount}, marketing 0` });
  return violations;
}
