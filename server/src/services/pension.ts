// The personal pension (个人养老金, issue 24, docs/PRODUCT.md §10.13): opening the investor's pension account (the
// 个人养老金资金账户 at a simulated bank and the 基金行业平台账户, linked to the fund account), contributions from the
// card (≤ 12,000.00 per Shanghai calendar year), withdrawals on the conditions in force (3 % tax withheld, the rest to
// the social-security-card account), and what the zone reads: the summary, the Y classes, the year's statement.
// Purchases and sales of Y classes are ordinary orders (services/trading.ts, pay_method / sell_mode 'pension').
//
// Money: the account's balance is the ledger's `pension` account; a contribution posts `pension_contribution` (card →
// pension) and a withdrawal `pension_tax` and `pension_payout`, each in the transaction that writes its record, under
// the user's row lock, idempotent by the client's request_id (a replay gets the same answer; the same id with other
// fields is refused). The ledger's check compares them with the records and the cap (ledger/check.ts, rule 4).
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  conditionInForce,
  CONDITION_SINCE,
  INCOME_BRACKET_FLOOR_FEN,
  marginalRatePercent,
  PENSION_ANNUAL_CAP_FEN,
  pensionRoomFen,
  retirementCategoryOf,
  retirementDate,
  sexFromIdNumber,
  type RetirementCategory,
  taxSaving,
  withdrawalTax,
  type WithdrawalCondition,
  type WithdrawalMode,
} from '../../../src/lib/pension-rules';
import { volumeValueFen, navToUnits } from '../../../src/lib/trade-math';
import type { DB } from '../db/types';
import { shanghaiDate } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import { BANK, CNY, PENSION, PENSION_CONTRIBUTION, PENSION_PAYOUT, PENSION_TAX } from '../ledger/chart';
import { post, transfer } from '../ledger/post';
import type { PersonalDataCipher } from './personal-data';
import {
  checkPassword,
  debitRefusal,
  fenText,
  loadInvestor,
  lockUser,
  pensionBalanceFen,
  pepperOf,
  requestHash,
  type TradingDeps,
} from './trading';

type Db = Kysely<DB> | Transaction<DB>;

export interface PensionAccount {
  bank_code: string;
  account_tail: string;
  platform_account: string;
  opened_on: string;
  status: string;
}

export async function loadPensionAccount(db: Db, userId: number): Promise<PensionAccount | null> {
  const row = await db
    .selectFrom('pension_accounts')
    .select(['bank_code', 'account_tail', 'platform_account', sql<string>`opened_on::text`.as('opened_on'), 'status'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** What the investor contributed in the calendar year, in fen. */
export async function contributedIn(db: Db, userId: number, year: number): Promise<number> {
  const row = await db
    .selectFrom('pension_contributions')
    .select(sql<string>`coalesce(sum(amount_fen), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ---- Opening ----------------------------------------------------------------------------------------------------

export interface OpenInput {
  userId: number;
  requestId: string;
  /** The investor says the 个人养老金账户 exists at the social-insurance platform (simulated: not checked). */
  socialAccount: boolean;
  password: string | undefined;
}

/** A simulated account's digits, stable per investor: the last four of the 资金账户, the platform account number. */
function simulatedNumber(userId: number, salt: string, digits: number): string {
  const hex = createHash('sha256').update(`${salt}:${userId}`).digest('hex');
  return (BigInt(`0x${hex.slice(0, 15)}`) % 10n ** BigInt(digits)).toString().padStart(digits, '0');
}

/**
 * Opens the pension account: the investor has an opened fund account (else accountNotOpened: open it first), a
 * 个人养老金账户 at the social-insurance platform (else told where to open it), and none yet (one per person). The
 * 资金账户 is at the bank of the investor's bound card. Replaying the same request id answers the same account.
 */
export async function openPension(deps: TradingDeps, input: OpenInput): Promise<PensionAccount> {
  const { userId } = input;
  const kysely = deps.db.kysely;
  const now = deps.clock.now();
  const existing = await kysely.selectFrom('pension_accounts').select('request_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) {
    if (existing.request_id === input.requestId) return (await loadPensionAccount(kysely, userId)) as PensionAccount;
    throw new TradeRefusal('pensionAlreadyOpened');
  }
  const investor = await loadInvestor(kysely, userId, shanghaiDate(now));
  if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
  if (!input.socialAccount) throw new TradeRefusal('pensionSocialAccountMissing');
  await checkPassword(kysely, userId, input.password, now, pepperOf(deps));
  const card = investor.card;
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await trx.selectFrom('pension_accounts').select('request_id').where('user_id', '=', userId).executeTakeFirst();
    if (again) {
      if (again.request_id === input.requestId) return (await loadPensionAccount(trx, userId)) as PensionAccount;
      throw new TradeRefusal('pensionAlreadyOpened');
    }
    await trx
      .insertInto('pension_accounts')
      .values({
        user_id: userId,
        bank_code: card.bankCode,
        account_tail: simulatedNumber(userId, 'pension-fund-account', 4),
        platform_account: `YL${simulatedNumber(userId, 'pension-platform', 10)}${String(userId % 100).padStart(2, '0')}`,
        opened_on: shanghaiDate(now),
        opened_at: now,
        request_id: input.requestId,
      })
      .execute();
    return (await loadPensionAccount(trx, userId)) as PensionAccount;
  });
}

// ---- Contributions ----------------------------------------------------------------------------------------------

export interface ContributeInput {
  userId: number;
  amountFen: number;
  requestId: string;
  password: string | undefined;
}

export interface Contribution {
  id: number;
  amount_fen: number;
  year: number;
  business_date: string;
}

async function replayedContribution(db: Db, userId: number, requestId: string, hash: string): Promise<Contribution | null> {
  const row = await db
    .selectFrom('pension_contributions')
    .select(['id', 'amount_fen', 'year', sql<string>`business_date::text`.as('business_date'), 'request_hash'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
  return { id: Number(row.id), amount_fen: Number(row.amount_fen), year: row.year, business_date: row.business_date };
}

/**
 * Pays `amountFen` from the bound card into the pension account: within the year's room (12,000.00 less what the
 * Shanghai calendar year of today's business date already holds), not after drawing at the basic-pension age, and
 * within the card's limits.
 */
export async function contribute(deps: TradingDeps, input: ContributeInput): Promise<Contribution> {
  const { userId, amountFen, requestId } = input;
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new TradeRefusal('invalidAmount');
  const hash = requestHash(['pension_contribute', amountFen]);
  const kysely = deps.db.kysely;
  const early = await replayedContribution(kysely, userId, requestId, hash);
  if (early) return early;
  const refuse = async (db: Db, now: Date) => {
    const account = await loadPensionAccount(db, userId);
    if (!account) throw new TradeRefusal('pensionNotOpened');
    if (account.status === 'drawing') throw new TradeRefusal('pensionContributionClosed');
    const today = shanghaiDate(now);
    const year = Number(today.slice(0, 4));
    const room = pensionRoomFen(await contributedIn(db, userId, year));
    if (amountFen > room) throw new TradeRefusal('pensionCapExceeded', { year, room: fenText(room) }, { year_room: fenText(room) });
    const investor = await loadInvestor(db, userId, today);
    if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
    return { today, year, card: investor.card };
  };
  await refuse(kysely, deps.clock.now());
  await checkPassword(kysely, userId, input.password, deps.clock.now(), pepperOf(deps));
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await replayedContribution(trx, userId, requestId, hash);
    if (again) return again;
    const now = deps.clock.now();
    const { today, year, card } = await refuse(trx, now);
    const { id } = await trx
      .insertInto('pension_contributions')
      .values({
        user_id: userId,
        request_id: requestId,
        request_hash: hash,
        amount_fen: amountFen,
        year,
        business_date: today,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await deps.bank.debit(trx, {
      paymentId: `pension:${id}`,
      userId,
      cardId: card.id,
      bankCode: card.bankCode,
      amountFen,
      day: today,
      now,
    });
    if (!paid.ok) {
      // Nothing is kept: the transaction rolls back with the refusal.
      throw debitRefusal(paid, card);
    }
    await post(trx, [
      transfer(PENSION_CONTRIBUTION, {
        user_id: userId,
        ref: `pension:${id}:contribution`,
        asset: CNY,
        debit_account: BANK.at(),
        credit_account: PENSION.at(),
        amount_hundredths: amountFen,
        order_id: null,
        business_date: today,
      }),
    ]);
    return { id: Number(id), amount_fen: amountFen, year, business_date: today };
  });
}

// ---- Withdrawals ------------------------------------------------------------------------------------------------

export interface WithdrawInput {
  userId: number;
  condition: WithdrawalCondition;
  mode: WithdrawalMode;
  /** Fen; ignored for 'once' (the whole balance). */
  amountFen: number | null;
  /** A woman's declared retirement-age category (the 50- or the 55-year one), with the basic-pension-age condition only. */
  category?: RetirementCategory | null;
  requestId: string;
  password: string | undefined;
}

export interface Withdrawal {
  id: number;
  condition: string;
  mode: string;
  amount_fen: number;
  tax_fen: number;
  net_fen: number;
  business_date: string;
}

/** The ID's birth date and sex, or null without an identity (or an ID that says no sex). */
async function identityOf(db: Db, cipher: PersonalDataCipher, userId: number): Promise<{ birth: string; sex: 'male' | 'female' } | null> {
  const identity = await db
    .selectFrom('user_identities')
    .select(['id_no_encrypted', sql<string>`birth_date::text`.as('birth_date')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!identity) return null;
  const sex = sexFromIdNumber(cipher.decrypt(identity.id_no_encrypted));
  return sex ? { birth: identity.birth_date, sex } : null;
}

/**
 * The investor's basic-pension date from the ID's birth date and sex, and for a woman the category she declares (the
 * 55-year one when she declares none), or null without an identity.
 */
export async function retirementDateOf(
  db: Db,
  cipher: PersonalDataCipher,
  userId: number,
  declared: RetirementCategory | null = null,
): Promise<string | null> {
  const identity = await identityOf(db, cipher, userId);
  return identity ? retirementDate(identity.birth, retirementCategoryOf(identity.sex, declared)) : null;
}

/**
 * Withdraws from the pension account on a declared condition: the basic-pension age is checked against the ID
 * (birth date and sex); the other conditions are declared and taken as verified (in reality the social-insurance
 * platform confirms them); the medical, unemployment and 低保 conditions apply from 2025-09-01. 'once' takes the
 * whole balance. 3 % is withheld as tax; the rest goes to the social-security-card account. After a retirement
 * withdrawal no more contributions are taken; after another condition they may resume.
 */
export async function withdraw(deps: TradingDeps & { cipher: PersonalDataCipher }, input: WithdrawInput): Promise<Withdrawal> {
  const { userId, requestId } = input;
  if (input.mode !== 'once' && (input.amountFen === null || !Number.isSafeInteger(input.amountFen) || input.amountFen <= 0))
    throw new TradeRefusal('invalidAmount');
  const category = input.category ?? null;
  if (category !== null && input.condition !== 'retirement') throw new TradeRefusal('pensionCategoryNotApplicable');
  const hash = requestHash(
    category === null
      ? ['pension_withdraw', input.condition, input.mode, input.mode === 'once' ? null : input.amountFen]
      : ['pension_withdraw', input.condition, input.mode, input.mode === 'once' ? null : input.amountFen, category],
  );
  const kysely = deps.db.kysely;
  const replay = async (db: Db): Promise<Withdrawal | null> => {
    const row = await db
      .selectFrom('pension_withdrawals')
      .select([
        'id',
        'condition',
        'mode',
        'amount_fen',
        'tax_fen',
        'net_fen',
        sql<string>`business_date::text`.as('business_date'),
        'request_hash',
      ])
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
    const { request_hash: _h, ...rest } = row;
    return {
      ...rest,
      id: Number(rest.id),
      amount_fen: Number(rest.amount_fen),
      tax_fen: Number(rest.tax_fen),
      net_fen: Number(rest.net_fen),
    };
  };
  const early = await replay(kysely);
  if (early) return early;
  const refuse = async (db: Db, now: Date) => {
    const account = await loadPensionAccount(db, userId);
    if (!account) throw new TradeRefusal('pensionNotOpened');
    const today = shanghaiDate(now);
    if (!conditionInForce(input.condition, today))
      throw new TradeRefusal('pensionConditionNotInForce', { since: CONDITION_SINCE[input.condition] ?? '' });
    if (input.condition === 'retirement') {
      const identity = await identityOf(db, deps.cipher, userId);
      // A woman's category is hers to declare; a man has one (his ID says so).
      if (identity?.sex === 'male' && category !== null) throw new TradeRefusal('pensionCategoryNotApplicable');
      const date = identity ? retirementDate(identity.birth, retirementCategoryOf(identity.sex, category)) : null;
      if (date === null || date > today) throw new TradeRefusal('pensionConditionNotMet', { date: date ?? '—' }, { retirement_date: date });
    }
    const balance = await pensionBalanceFen(db, userId);
    const amount = input.mode === 'once' ? balance : (input.amountFen as number);
    if (amount <= 0 || amount > balance) throw new TradeRefusal('pensionInsufficient', { available: fenText(balance) });
    return { today, amount };
  };
  await refuse(kysely, deps.clock.now());
  await checkPassword(kysely, userId, input.password, deps.clock.now(), pepperOf(deps));
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await replay(trx);
    if (again) return again;
    const now = deps.clock.now();
    const { today, amount } = await refuse(trx, now);
    const { taxFen, netFen } = withdrawalTax(amount);
    const { id } = await trx
      .insertInto('pension_withdrawals')
      .values({
        user_id: userId,
        request_id: requestId,
        request_hash: hash,
        condition: input.condition,
        mode: input.mode,
        amount_fen: amount,
        tax_fen: taxFen,
        net_fen: netFen,
        business_date: today,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const common = { user_id: userId, asset: CNY, debit_account: PENSION.at(), order_id: null, business_date: today };
    await post(
      trx,
      [
        transfer(PENSION_TAX, { ...common, ref: `pension:${id}:tax`, credit_account: 'tax', amount_hundredths: taxFen }),
        transfer(PENSION_PAYOUT, { ...common, ref: `pension:${id}:payout`, credit_account: 'social_card', amount_hundredths: netFen }),
      ].filter((t) => t.amount_hundredths > 0),
    );
    if (input.condition === 'retirement')
      await trx.updateTable('pension_accounts').set({ status: 'drawing' }).where('user_id', '=', userId).execute();
    return {
      id: Number(id),
      condition: input.condition,
      mode: input.mode,
      amount_fen: amount,
      tax_fen: taxFen,
      net_fen: netFen,
      business_date: today,
    };
  });
}

// ---- Reading ----------------------------------------------------------------------------------------------------

export interface PensionFund {
  code: string;
  name: string;
  type_desc: string;
  risk_level: number;
  /** The A class of the same portfolio. */
  a_class: string | null;
  manage_fee: string;
  custody_fee: string;
  sales_service_fee: string;
  nav: string | null;
  nav_date: string | null;
  nav_grl1y: string | null;
  nav_grbase: string | null;
  lock_days: number;
  min_purchase: string;
}

/** The Y classes on sale (the eligible list), by code. */
export async function pensionFunds(db: Db): Promise<PensionFund[]> {
  const rows = await sql<{
    code: string;
    name: string;
    type_desc: string;
    risk_level: number;
    a_class: string | null;
    manage_fee: string;
    custody_fee: string;
    sales_service_fee: string;
    nav: string | null;
    nav_date: string | null;
    nav_grl1y: string | null;
    nav_grbase: string | null;
    lock_days: number;
    min_purchase_fen: number;
  }>`
    SELECT f.code, f.name, f.type_desc, f.risk_level, a.code AS a_class, f.manage_fee::text AS manage_fee, f.custody_fee::text AS custody_fee,
           f.sales_service_fee::text AS sales_service_fee, d.unit_nav::text AS nav, d.end_date::text AS nav_date,
           d.nav_grl1y::text AS nav_grl1y, d.nav_grbase::text AS nav_grbase, f.lock_days, f.min_purchase_fen
    FROM fund f
    LEFT JOIN fund a ON a.name = left(f.name, length(f.name) - 1) || 'A' AND a.share_class = 'A'
    LEFT JOIN fund_derived d ON d.fund_code = f.code
    WHERE f.share_class = 'Y' AND f.sale_status = 'on_sale'
    ORDER BY f.code`.execute(db);
  return rows.rows.map(({ min_purchase_fen, ...r }) => ({
    ...r,
    code: r.code.trim(),
    a_class: r.a_class?.trim() ?? null,
    risk_level: Number(r.risk_level),
    lock_days: Number(r.lock_days),
    min_purchase: fenText(Number(min_purchase_fen)),
  }));
}

export interface PensionHolding {
  fund_code: string;
  fund_name: string;
  volume: string;
  nav: string | null;
  nav_date: string | null;
  market_value: string;
  cost: string;
  dividend_method: string;
}

/** The investor's Y-class holdings (lots held, frozen shares of pending sales included), valued at the latest NAV. */
export async function pensionHoldings(db: Db, userId: number): Promise<{ holdings: PensionHolding[]; valueFen: number }> {
  const rows = await sql<{
    fund_code: string;
    fund_name: string;
    volume: string;
    cost: string;
    nav: string | null;
    nav_date: string | null;
    method: string | null;
  }>`
    WITH held AS (
      SELECT l.fund_code, sum(l.volume) AS volume, sum(l.cost_fen) AS cost FROM lots l
      JOIN fund f ON f.code = l.fund_code AND f.share_class = 'Y'
      WHERE l.user_id = ${userId} GROUP BY l.fund_code
      UNION ALL
      SELECT o.fund_code, sum(ol.volume), sum(ol.cost_fen) FROM orders o JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
      WHERE o.user_id = ${userId} AND o.action = '024' AND o.status = 'submitted' AND o.sell_mode = 'pension' GROUP BY o.fund_code
    )
    SELECT h.fund_code, f.name AS fund_name, sum(h.volume)::text AS volume, sum(h.cost)::text AS cost, n.nav::text AS nav, n.date::text AS nav_date,
           ho.dividend_method AS method
    FROM held h JOIN fund f ON f.code = h.fund_code
    LEFT JOIN LATERAL (SELECT nav, date FROM fund_nav WHERE fund_code = h.fund_code ORDER BY date DESC LIMIT 1) n ON true
    LEFT JOIN holding_options ho ON ho.user_id = ${userId} AND ho.fund_code = h.fund_code
    GROUP BY h.fund_code, f.name, n.nav, n.date, ho.dividend_method
    HAVING sum(h.volume) > 0
    ORDER BY h.fund_code`.execute(db);
  let valueFen = 0;
  const holdings = rows.rows.map((r) => {
    const volume = Number(r.volume);
    const value = r.nav ? volumeValueFen(volume, navToUnits(r.nav)) : 0;
    valueFen += value;
    return {
      fund_code: r.fund_code.trim(),
      fund_name: r.fund_name,
      volume: fenText(volume),
      nav: r.nav,
      nav_date: r.nav_date,
      market_value: fenText(value),
      cost: fenText(Number(r.cost)),
      dividend_method: r.method ?? 'reinvest',
    };
  });
  return { holdings, valueFen };
}

/** Money of pending Y-class purchases (paid from the pension account, not yet confirmed), in fen. */
async function pendingPurchasesFen(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(amount_fen), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('pay_method', '=', 'pension')
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Pending proceeds of Y-class sales (confirmed, not yet in the pension account), in fen. */
async function pendingProceedsFen(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(confirm_amount_fen - fee_fen), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('sell_mode', '=', 'pension')
    .where('status', '=', 'confirmed')
    .where('settled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The marginal rate of the investor's declaration (the amount, else the bracket's floor), or null when none. */
export async function declaredRate(db: Db, userId: number): Promise<number | null> {
  const income = await db.selectFrom('personal_income').select(['bracket', 'amount_fen']).where('user_id', '=', userId).executeTakeFirst();
  if (!income) return null;
  const fen = income.amount_fen !== null ? Number(income.amount_fen) : (INCOME_BRACKET_FLOOR_FEN[income.bracket] ?? 0);
  return marginalRatePercent(fen);
}

export interface PensionSummary {
  opened: boolean;
  account: PensionAccount | null;
  /** 资金账户 balance (yuan, 2 decimals). */
  balance: string;
  in_transit: string;
  holdings_value: string;
  total: string;
  year: number;
  cap: string;
  year_contributed: string;
  year_room: string;
  holdings: PensionHolding[];
  /** Marginal rate of the declared income (percent), null without a declaration. */
  tax_rate: number | null;
  tax_saving: { year: string; full: string; year_net: string; full_net: string } | null;
  retirement_date: string | null;
}

export async function pensionSummary(db: Db, cipher: PersonalDataCipher, userId: number, today: string): Promise<PensionSummary> {
  const account = await loadPensionAccount(db, userId);
  const year = Number(today.slice(0, 4));
  const contributed = account ? await contributedIn(db, userId, year) : 0;
  const balance = account ? await pensionBalanceFen(db, userId) : 0;
  const inTransit = account ? (await pendingPurchasesFen(db, userId)) + (await pendingProceedsFen(db, userId)) : 0;
  const { holdings, valueFen } = account ? await pensionHoldings(db, userId) : { holdings: [], valueFen: 0 };
  const rate = await declaredRate(db, userId);
  const saving = rate === null ? null : taxSaving(contributed, rate);
  return {
    opened: account !== null,
    account,
    balance: fenText(balance),
    in_transit: fenText(inTransit),
    holdings_value: fenText(valueFen),
    total: fenText(balance + inTransit + valueFen),
    year,
    cap: fenText(PENSION_ANNUAL_CAP_FEN),
    year_contributed: fenText(contributed),
    year_room: fenText(pensionRoomFen(contributed)),
    holdings,
    tax_rate: rate,
    tax_saving: saving && {
      year: fenText(saving.yearFen),
      full: fenText(saving.fullFen),
      year_net: fenText(saving.yearNetFen),
      full_net: fenText(saving.fullNetFen),
    },
    retirement_date: await retirementDateOf(db, cipher, userId),
  };
}

export interface PensionStatement {
  year: number;
  name: string | null;
  id_no: string | null;
  platform_account: string;
  contributions: Array<{ date: string; amount: string }>;
  total: string;
  withdrawals: Array<{ date: string; condition: string; mode: string; amount: string; tax: string; net: string }>;
  withdrawn_tax: string;
}

/** The year's tax-deduction statement (扣除凭证): the contributions of that calendar year, and its withdrawals. */
export async function pensionStatement(db: Db, userId: number, year: number): Promise<PensionStatement | null> {
  const account = await loadPensionAccount(db, userId);
  if (!account) return null;
  const identity = await db
    .selectFrom('user_identities')
    .select(['real_name_masked', 'id_no_masked'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const contributions = await db
    .selectFrom('pension_contributions')
    .select([sql<string>`business_date::text`.as('date'), 'amount_fen'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .orderBy('id')
    .execute();
  const withdrawals = await db
    .selectFrom('pension_withdrawals')
    .select([sql<string>`business_date::text`.as('date'), 'condition', 'mode', 'amount_fen', 'tax_fen', 'net_fen'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`extract(year FROM business_date) = ${year}`)
    .orderBy('id')
    .execute();
  return {
    year,
    name: identity?.real_name_masked ?? null,
    id_no: identity?.id_no_masked ?? null,
    platform_account: account.platform_account,
    contributions: contributions.map((c) => ({ date: c.date, amount: fenText(Number(c.amount_fen)) })),
    total: fenText(contributions.reduce((sum, c) => sum + Number(c.amount_fen), 0)),
    withdrawals: withdrawals.map((w) => ({
      date: w.date,
      condition: w.condition,
      mode: w.mode,
      amount: fenText(Number(w.amount_fen)),
      tax: fenText(Number(w.tax_fen)),
      net: fenText(Number(w.net_fen)),
    })),
    withdrawn_tax: fenText(withdrawals.reduce((sum, w) => sum + Number(w.tax_fen), 0)),
  };
}

/**
 * My money's pension line (issue 24): the account's total, balance, money in transit and Y holdings — null when not
 * opened — and the codes of the Y classes the investor holds or trades (left out of the ordinary totals).
 */
export async function pensionLine(
  db: Db,
  cipher: PersonalDataCipher,
  userId: number,
  today: string,
): Promise<{ codes: Set<string>; line: { total: string; balance: string; in_transit: string; holdings_value: string } | null }> {
  const codes = new Set(
    (
      await sql<{ code: string }>`
        SELECT DISTINCT f.code FROM fund f WHERE f.share_class = 'Y'
          AND (EXISTS (SELECT 1 FROM lots l WHERE l.user_id = ${userId} AND l.fund_code = f.code)
            OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${userId} AND o.fund_code = f.code))`.execute(db)
    ).rows.map((r) => r.code.trim()),
  );
  const account = await db.selectFrom('pension_accounts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!account) return { codes, line: null };
  const s = await pensionSummary(db, cipher, userId, today);
  return { codes, line: { total: s.total, balance: s.balance, in_transit: s.in_transit, holdings_value: s.holdings_value } };
}
