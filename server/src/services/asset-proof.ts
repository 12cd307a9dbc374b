// The asset proof (资产证明): what an investor held at the end of a chosen date, read from the ledger — the balances of
// the investor's accounts as of that date (transfers dated on or before it), valued at the NAVs published by then,
// classified the way my money's summary shows them (GET /djapi/holding/summary: fund holdings, 现金宝, money in
// transit) so the two agree to the fen — then kept (serial, verification code, figures) so a third party can check it
// and the PDF (services/asset-proof-pdf.ts) can be drawn again. docs/PRODUCT.md §7.4.
import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { priceRedemption } from '../../../src/lib/lots';
import { navToUnits, percentToPpm, volumeValueFen, type RoundingMode } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import { ActivityRefusal } from '../domain/activity-refusal';
import type { IsoDate } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { maskIdNo, maskRealName } from '../domain/masks';
import { TradeRefusal } from '../domain/trade-refusal';
import type { PersonalDataCipher } from './personal-data';
import { CASH_FUND_CODE } from './trading';

export interface ProofFundLine {
  code: string;
  name: string;
  /** Hundredths of a share. */
  volume: number;
  nav: string | null;
  navDate: string | null;
  valueFen: number;
}

export interface ProofFigures {
  asOf: IsoDate;
  holder: { name: string; idNo: string };
  funds: ProofFundLine[];
  cash: { fundCode: string; fundName: string; availableFen: number; unavailableFen: number; totalFen: number };
  /** Paid purchases not yet confirmed, proceeds on their way to the card, ordinary withdrawals on their way. */
  inTransitFen: number;
  totalFen: number;
}

interface Balance {
  asset: string;
  account: string;
  order_id: number | null;
  balance: number;
}

/**
 * The investor's position at the end of `asOf` from the ledger alone (transfers dated on or before it) and the
 * NAVs published by then (each fund's latest NAV before the date: a trading day's NAV is published the next morning).
 */
export async function proofFigures(db: Kysely<DB>, userId: number, asOf: IsoDate): Promise<Omit<ProofFigures, 'holder'>> {
  const balances: Balance[] = (
    await sql<{ asset: string; account: string; order_id: string | null; balance: string }>`
      SELECT asset, account, order_id::text AS order_id, sum(amount)::text AS balance FROM (
        SELECT asset, credit_account AS account, order_id, amount FROM ledger_transfers WHERE user_id = ${userId} AND business_date <= ${asOf}
        UNION ALL
        SELECT asset, debit_account, order_id, -amount FROM ledger_transfers WHERE user_id = ${userId} AND business_date <= ${asOf}
      ) t
      WHERE account LIKE 'lot:%' OR account LIKE 'selling:%' OR account LIKE 'purchase:%' OR account LIKE 'proceeds:%'
      GROUP BY asset, account, order_id HAVING sum(amount) <> 0`.execute(db)
  ).rows.map((r) => ({
    asset: r.asset,
    account: r.account,
    order_id: r.order_id === null ? null : Number(r.order_id),
    balance: Number(r.balance),
  }));
  // The orders behind frozen shares and money in transit: how they were placed (immutable attributes only).
  const orderIds = [...new Set(balances.map((b) => b.order_id).filter((id): id is number => id !== null))];
  const orders = orderIds.length
    ? await db
        .selectFrom('orders')
        .select(['id', 'fund_code', 'sell_mode', 'pay_method', 'linked_order_id', 'fee_fen', 'volume'])
        .where('user_id', '=', userId)
        // One array parameter however many lots the investor holds (an IN-list grows a parameter per order).
        .where(sql<boolean>`id = ANY(${orderIds}::bigint[])`)
        .execute()
    : [];
  const orderOf = new Map(orders.map((o) => [Number(o.id), o]));
  const fundOf = (asset: string) => asset.slice(2);
  const volumes = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  let cashAvailable = 0;
  let cashUnavailable = 0;
  let inTransit = 0;
  // Cash-product payments still frozen (their shares in selling:<cash fund>): the purchase they pay for is counted there.
  const frozenPayments = new Set<number>();
  const xjbSales: Array<{ code: string; volume: number; orderId: number }> = [];
  for (const b of balances) {
    if (!b.asset.startsWith('F:')) continue;
    const code = fundOf(b.asset);
    if (b.account.startsWith('lot:')) {
      if (code === CASH_FUND_CODE) cashAvailable += b.balance;
      else add(volumes, code, b.balance);
    } else if (b.account.startsWith('selling:')) {
      const order = b.order_id === null ? undefined : orderOf.get(b.order_id);
      const mode = order?.sell_mode ?? 'card';
      if (code === CASH_FUND_CODE) {
        // Paying for a purchase: still in the cash balance (unavailable); an ordinary withdrawal: on its way to the
        // card; an instant one was paid already (the platform's advance).
        if (mode === 'pay') {
          cashUnavailable += b.balance;
          if (b.order_id !== null) frozenPayments.add(b.order_id);
        } else if (mode === 'card') inTransit += b.balance;
      } else if (mode === 'xjb' && b.order_id !== null) xjbSales.push({ code, volume: b.balance, orderId: b.order_id });
      else if (mode !== 'quick') add(volumes, code, b.balance);
    }
  }
  for (const b of balances) {
    if (b.asset !== 'CNY') continue;
    const order = b.order_id === null ? undefined : orderOf.get(b.order_id);
    if (b.account.startsWith('purchase:')) {
      const code = b.account.slice('purchase:'.length);
      if (code === CASH_FUND_CODE) cashUnavailable += b.balance;
      else if (order?.pay_method === 'xjb' && order.linked_order_id !== null && frozenPayments.has(Number(order.linked_order_id))) continue;
      else inTransit += b.balance;
    } else if (b.account.startsWith('proceeds:')) {
      // On its way to the card, or into the cash product; a redemption repaying the platform's advance (an instant
      // withdrawal, a cash payment) owes its proceeds to the platform: the investor already has that money.
      const mode = order?.sell_mode ?? 'card';
      if (mode === 'xjb') cashUnavailable += b.balance;
      else if (mode === 'card') inTransit += b.balance;
    }
  }
  const codes = [...new Set([...volumes.keys(), ...xjbSales.map((s) => s.code), CASH_FUND_CODE])];
  const funds = await db.selectFrom('fund').select(['code', 'name', 'rounding_mode']).where('code', 'in', codes).execute();
  const navs = (
    await sql<{ fund_code: string; date: string; nav: string }>`
      SELECT DISTINCT ON (fund_code) fund_code, date::text AS date, nav::text AS nav FROM fund_nav
      WHERE fund_code = ANY(${codes}::text[]) AND date < ${asOf}::date ORDER BY fund_code, date DESC`.execute(db)
  ).rows;
  const navOf = new Map(navs.map((n) => [n.fund_code, n]));
  // Sales into the cash product not yet confirmed: estimated at the latest NAV less the fee estimated when it was
  // placed (the order's fee then; its confirmation replaces it, so it is priced again as at placing).
  for (const s of xjbSales) {
    const nav = navOf.get(s.code);
    const gross = nav ? volumeValueFen(s.volume, navToUnits(nav.nav), 'half_up') : 0;
    cashUnavailable += Math.max(0, gross - (await feeEstimatedAtPlacing(db, userId, s.orderId)));
  }
  const lines: ProofFundLine[] = [...volumes.entries()]
    .filter(([, volume]) => volume > 0)
    .map(([code, volume]) => {
      const fund = funds.find((f) => f.code === code);
      const nav = navOf.get(code);
      return {
        code,
        name: fund?.name ?? code,
        volume,
        nav: nav?.nav ?? null,
        navDate: nav?.date ?? null,
        valueFen: nav ? volumeValueFen(volume, navToUnits(nav.nav), (fund?.rounding_mode ?? 'half_up') as RoundingMode) : 0,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
  const cashTotal = cashAvailable + cashUnavailable;
  return {
    asOf,
    funds: lines,
    cash: {
      fundCode: CASH_FUND_CODE,
      fundName: funds.find((f) => f.code === CASH_FUND_CODE)?.name ?? '',
      availableFen: cashAvailable,
      unavailableFen: cashUnavailable,
      totalFen: cashTotal,
    },
    inTransitFen: inTransit,
    totalFen: lines.reduce((s, l) => s + l.valueFen, 0) + cashTotal + inTransit,
  };
}

/**
 * The fee a pending sale showed when placed (services/trading.ts freezeForRedemption): its lots' parts priced at the
 * NAV published by then and each lot's holding days to the confirmation date.
 */
async function feeEstimatedAtPlacing(db: Kysely<DB>, userId: number, orderId: number): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .select(['fund_code', 'created_at', sql<string>`confirm_date::text`.as('confirm_date')])
    .where('user_id', '=', userId)
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const parts = await db
    .selectFrom('order_lots as ol')
    .innerJoin('lots as l', (j) => j.onRef('l.user_id', '=', 'ol.user_id').onRef('l.id', '=', 'ol.lot_id'))
    .select(['ol.lot_id', 'ol.volume', sql<string>`l.confirm_date::text`.as('confirm_date')])
    .where('ol.user_id', '=', userId)
    .where('ol.order_id', '=', orderId)
    .execute();
  const nav = await db
    .selectFrom('fund_nav')
    .select('nav')
    .where('fund_code', '=', order.fund_code)
    .where('date', '<', shanghaiDate(order.created_at))
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!nav) return 0;
  const fund = await db.selectFrom('fund').select('rounding_mode').where('code', '=', order.fund_code).executeTakeFirstOrThrow();
  const table = (
    await db
      .selectFrom('fund_fee')
      .select(['lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
      .where('fund_code', '=', order.fund_code)
      .where('kind', '=', 'withdraw')
      .orderBy('seq')
      .execute()
  ).map((r) => ({
    lower: Number(r.lower_bound),
    upper: r.upper_bound === null ? null : Number(r.upper_bound),
    ratePpm: r.rate === null ? null : percentToPpm(r.rate),
    fixedFen: r.fixed_fee_fen === null ? null : Number(r.fixed_fee_fen),
  }));
  const lots = parts.map((p) => ({ id: Number(p.lot_id), confirmDate: p.confirm_date, volume: Number(p.volume), lockedUntil: null }));
  const takes = parts.map((p) => ({ lotId: Number(p.lot_id), volume: Number(p.volume) }));
  return priceRedemption(lots, takes, navToUnits(nav.nav), order.confirm_date, table, fund.rounding_mode as RoundingMode).reduce(
    (sum, part) => sum + part.feeFen,
    0,
  );
}

// ---- Serials and verification ------------------------------------------------------------------------------

const SERIAL = /^AP(\d{8})(\d{8})(\d{2})$/;

/** ISO 7064 MOD 97-10 check digits of a digit string (as IBANs use): a changed or swapped digit fails the check. */
export function checkDigits(digits: string): string {
  let rest = 0;
  for (const d of `${digits}00`) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, '0');
}

export function newSerial(asOf: IsoDate): string {
  const body = `${asOf.replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return `AP${body}${checkDigits(body)}`;
}

/** Well formed: AP, the proof's date, 8 digits and the check digits that fit them. */
export function serialIsWellFormed(serial: string): boolean {
  const m = SERIAL.exec(serial);
  return m !== null && checkDigits(`${m[1]}${m[2]}`) === m[3];
}

/** An 8-character code from an alphabet without look-alikes (no 0/O, 1/I/L). */
function newVerifyCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

// ---- Issuing -------------------------------------------------------------------------------------------------

export interface IssuedProof {
  serial: string;
  verifyCode: string;
  asOf: IsoDate;
  lang: 'zh-CN' | 'en-US';
  figures: ProofFigures;
  issuedAt: Date;
}

/** The first date a proof may be for: the day the account was opened (real name and card verified). */
export async function openingDate(db: Kysely<DB>, userId: number): Promise<IsoDate | null> {
  const identity = await db.selectFrom('user_identities').select('certified_at').where('user_id', '=', userId).executeTakeFirst();
  return identity ? shanghaiDate(new Date(identity.certified_at as unknown as string)) : null;
}

export async function issueProof(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  input: { userId: number; asOf: string; lang: 'zh-CN' | 'en-US'; now: Date },
): Promise<IssuedProof> {
  const today = shanghaiDate(input.now);
  const identity = await db
    .selectFrom('user_identities')
    .select(['real_name_encrypted', 'id_no_encrypted', 'certified_at'])
    .where('user_id', '=', input.userId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!identity) throw new TradeRefusal('accountNotOpened');
  const opened = shanghaiDate(new Date(identity.certified_at as unknown as string));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.asOf) || Number.isNaN(Date.parse(input.asOf)) || input.asOf < opened || input.asOf > today)
    throw new ActivityRefusal('assetProofDateInvalid', { from: opened, to: today });
  const figures: ProofFigures = {
    ...(await proofFigures(db, input.userId, input.asOf)),
    holder: {
      name: maskRealName(cipher.decrypt(identity.real_name_encrypted)),
      idNo: maskIdNo(cipher.decrypt(identity.id_no_encrypted)),
    },
  };
  for (;;) {
    const serial = newSerial(input.asOf);
    const verifyCode = newVerifyCode();
    const inserted = await db
      .insertInto('asset_proofs')
      .values({
        user_id: input.userId,
        serial,
        as_of: input.asOf,
        lang: input.lang,
        verify_code: verifyCode,
        total_fen: figures.totalFen,
        holder_masked: figures.holder.name,
        figures: JSON.stringify(figures),
        issued_at: input.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('serial')
      .executeTakeFirst();
    if (inserted) return { serial, verifyCode, asOf: input.asOf, lang: input.lang, figures, issuedAt: input.now };
  }
}

export async function loadProof(db: Kysely<DB>, userId: number, serial: string): Promise<IssuedProof | null> {
  if (!serialIsWellFormed(serial)) return null;
  const row = await db.selectFrom('asset_proofs').selectAll().where('user_id', '=', userId).where('serial', '=', serial).executeTakeFirst();
  if (!row) return null;
  return {
    serial: row.serial,
    verifyCode: row.verify_code,
    asOf: row.as_of,
    lang: row.lang as 'zh-CN' | 'en-US',
    figures: row.figures as unknown as ProofFigures,
    issuedAt: row.issued_at,
  };
}

export interface Verification {
  verdict: 'genuine' | 'code_mismatch' | 'not_found' | 'malformed';
  proof: { asOf: string; totalFen: number; holder: string; issuedAt: Date } | null;
}

/**
 * What a third party learns from a serial and its code: genuine (the proof's date, total and masked holder), the
 * code does not match, no such proof, or a serial that cannot be one (its check digits fail: altered).
 */
export async function verifyProof(db: Kysely<DB>, serial: string, code: string | undefined): Promise<Verification> {
  if (!serialIsWellFormed(serial)) return { verdict: 'malformed', proof: null };
  const row = await db
    .selectFrom('asset_proofs')
    .select(['as_of', 'total_fen', 'holder_masked', 'verify_code', 'issued_at'])
    .where('serial', '=', serial)
    .executeTakeFirst();
  if (!row) return { verdict: 'not_found', proof: null };
  if ((code ?? '').trim().toUpperCase() !== row.verify_code) return { verdict: 'code_mismatch', proof: null };
  return {
    verdict: 'genuine',
    proof: { asOf: row.as_of, totalFen: Number(row.total_fen), holder: row.holder_masked, issuedAt: row.issued_at },
  };
}
