// The copy of an investor's personal data (PIPL Art. 45, the privacy policy's "查阅与复制" and "转移（导出）": issue 17).
// Everything the platform holds about one user, read by that user's id only, in one JSON document. Money and shares
// are decimal strings (fen and hundredths of a share, PRODUCT §10.5). Never in it: password hashes, keys, token
// hashes, code digests, request hashes, other users' rows; card numbers stay masked as everywhere else.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { PersonalDataCipher } from './personal-data';
import { CASH_FUND_CODE, fenText } from './trading';

/** The document's format name and version (raise the version when a field changes meaning). */
export const DATA_EXPORT_FORMAT = 'danjuan-open.personal-data';
export const DATA_EXPORT_VERSION = 1;

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
const money = (fen: number | null | undefined): string | null => (fen === null || fen === undefined ? null : fenText(Number(fen)));
/** Hundredths of a share → shares with 2 decimals (the same text as money). */
const shares = money;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export interface PersonalDataExport {
  format: string;
  version: number;
  exported_at: string;
  [section: string]: unknown;
}

/** Reads one user's data; undefined when the user does not exist. */
export async function exportPersonalData(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; now: Date },
): Promise<PersonalDataExport | undefined> {
  const { userId } = opts;
  const user = await db
    .selectFrom('users')
    .select(['id', 'telephone', 'open_trade', 'created_at', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;

  const [
    identity,
    password,
    income,
    assessments,
    acceptances,
    cards,
    orders,
    lots,
    mmfIncome,
    plans,
    runs,
    dividendOptions,
    messages,
    sessions,
    wechat,
    watchlist,
  ] = await Promise.all([
    db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('trade_passwords').select(['created_at', 'updated_at']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('personal_income').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('risk_assessments').selectAll().where('user_id', '=', userId).orderBy('assessed_at').orderBy('id').execute(),
    db
      .selectFrom('agreement_acceptances')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('accepted_at')
      .orderBy('agreement_id')
      .execute(),
    db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).orderBy('verified_at').orderBy('id').execute(),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('lots')
      .select(['fund_code', (eb) => eb.fn.sum<string>('volume').as('volume'), (eb) => eb.fn.sum<string>('cost_fen').as('cost_fen')])
      .where('user_id', '=', userId)
      .where('volume', '>', 0)
      .groupBy('fund_code')
      .orderBy('fund_code')
      .execute(),
    db.selectFrom('mmf_income').selectAll().where('user_id', '=', userId).orderBy('date').orderBy('fund_code').execute(),
    db.selectFrom('aip_plans').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('aip_runs').selectAll().where('user_id', '=', userId).orderBy('date').orderBy('plan_id').execute(),
    db.selectFrom('holding_options').selectAll().where('user_id', '=', userId).orderBy('fund_code').execute(),
    db.selectFrom('service_messages').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'user')
      .orderBy('created_at')
      .execute(),
    db.selectFrom('thirdparty_bindings').select(['source', 'openid', 'unionid', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('watchlist').select(['symbol', 'name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
  ]);
  // The personal pension (issue 24): the account, its contributions and withdrawals.
  const [pensionAccount, pensionContributions, pensionWithdrawals] = await Promise.all([
    db.selectFrom('pension_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('pension_contributions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('pension_withdrawals').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);

  const orderView = (o: (typeof orders)[number]) => ({
    order_id: String(o.id),
    fund_code: o.fund_code,
    action: o.action,
    status: o.status,
    pay_method: o.pay_method,
    sell_mode: o.sell_mode,
    amount: money(o.amount_fen),
    volume: shares(o.volume),
    fee: money(o.fee_fen),
    trade_date: o.trade_date,
    confirm_date: o.confirm_date,
    confirm_nav: text(o.confirm_nav),
    confirm_amount: money(o.confirm_amount_fen),
    confirm_volume: shares(o.confirm_volume),
    refund: money(o.refund_fen),
    fail_reason: o.fail_reason,
    plan_id: o.plan_id === null ? null : String(o.plan_id),
    linked_order_id: o.linked_order_id === null ? null : String(o.linked_order_id),
    risk_warning: o.risk_warning ?? null,
    created_at: iso(o.created_at),
  });

  const cashLot = lots.find((l) => l.fund_code === CASH_FUND_CODE);
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exported_at: opts.now.toISOString(),
    profile: {
      user_id: String(user.id),
      telephone: user.telephone,
      registered_at: iso(user.created_at),
      account_opened: user.open_trade,
      status: user.status,
      trade_password_set: password !== undefined,
      trade_password_changed_at: iso(password?.updated_at),
    },
    identity: identity
      ? {
          real_name: cipher.decrypt(identity.real_name_encrypted),
          id_type: 'resident_id_card',
          id_no: cipher.decrypt(identity.id_no_encrypted),
          birth_date: identity.birth_date,
          certified_at: iso(identity.certified_at),
        }
      : null,
    income_declaration: income ? { bracket: income.bracket, amount: money(income.amount_fen), updated_at: iso(income.updated_at) } : null,
    risk_assessments: assessments.map((a) => ({
      questionnaire: a.questionnaire,
      answers: a.answers,
      score: a.score,
      level: `C${a.level}`,
      assessed_at: iso(a.assessed_at),
      valid_until: a.valid_until,
    })),
    agreements_accepted: acceptances.map((a) => ({
      agreement_id: a.agreement_id,
      version: a.version,
      context: a.context,
      ip: a.ip,
      accepted_at: iso(a.accepted_at),
    })),
    bank_cards: cards.map((c) => ({
      bank_code: c.bank_code,
      card_no_masked: `**** **** **** ${c.card_tail}`,
      reserved_phone_masked: c.reserved_phone_masked,
      bound_at: iso(c.verified_at),
    })),
    orders: orders.filter((o) => o.fund_code !== CASH_FUND_CODE).map(orderView),
    holdings: lots
      .filter((l) => l.fund_code !== CASH_FUND_CODE)
      .map((l) => ({
        fund_code: l.fund_code,
        volume: shares(Number(l.volume)),
        cost: money(Number(l.cost_fen)),
        dividend_method: dividendOptions.find((d) => d.fund_code === l.fund_code)?.dividend_method ?? 'cash',
      })),
    cash: {
      fund_code: CASH_FUND_CODE,
      // One share of the cash fund is one yuan.
      balance: money(cashLot ? Number(cashLot.volume) : 0),
      movements: orders.filter((o) => o.fund_code === CASH_FUND_CODE).map(orderView),
    },
    money_market_income: mmfIncome.map((m) => ({
      fund_code: m.fund_code,
      date: m.date,
      volume: shares(m.volume),
      income_per_10k: text(m.income_per_10k),
      income: money(m.income_fen),
    })),
    auto_invest_plans: plans.map((p) => ({
      plan_id: String(p.id),
      fund_code: p.fund_code,
      amount: money(p.amount_fen),
      cycle: p.cycle,
      cycle_day: p.cycle_day,
      pay_method: p.pay_method,
      smart: p.smart,
      index_code: p.index_code,
      status: p.status,
      pause_reason: p.pause_reason,
      next_date: p.next_date,
      risk_warning: p.risk_warning ?? null,
      created_at: iso(p.created_at),
      runs: runs
        .filter((r) => Number(r.plan_id) === Number(p.id))
        .map((r) => ({
          date: r.date,
          amount: money(r.amount_fen),
          ratio_percent: r.ratio_percent,
          status: r.status,
          note: r.note,
          order_id: r.order_id === null ? null : String(r.order_id),
        })),
    })),
    service_messages: messages.map((m) => ({
      ticket: `KF${String(m.id).padStart(8, '0')}`,
      topic: m.topic,
      message: m.message,
      contact: cipher.decrypt(m.contact_encrypted),
      status: m.status,
      created_at: iso(m.created_at),
      handled_at: iso(m.handled_at),
    })),
    // Each login (a user session: when it began and when it ends); logged-out sessions are deleted at logout.
    login_history: sessions.map((s) => ({ logged_in_at: iso(s.created_at), expires_at: iso(s.expires_at) })),
    wechat_bindings: wechat.map((w) => ({ source: w.source, openid: w.openid, unionid: w.unionid, bound_at: iso(w.created_at) })),
    watchlist: watchlist.map((w) => ({ symbol: w.symbol, name: w.name, added_at: iso(w.created_at) })),
    personal_pension: pensionAccount
      ? {
          bank_code: pensionAccount.bank_code,
          account_tail: pensionAccount.account_tail,
          platform_account: pensionAccount.platform_account,
          opened_on: pensionAccount.opened_on,
          status: pensionAccount.status,
          contributions: pensionContributions.map((c) => ({ date: c.business_date, year: c.year, amount: money(Number(c.amount_fen)) })),
          withdrawals: pensionWithdrawals.map((w) => ({
            date: w.business_date,
            condition: w.condition,
            mode: w.mode,
            amount: money(Number(w.amount_fen)),
            tax: money(Number(w.tax_fen)),
            net: money(Number(w.net_fen)),
          })),
        }
      : null,
  };
}
