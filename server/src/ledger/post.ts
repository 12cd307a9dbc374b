// The one posting path of the ledger. Every transfer — placed by a request in TypeScript, one or a batch, or derived
// by the settlement's set-based SQL from thousands of orders at once — is written by the statement postFrom() builds:
// INSERT … SELECT from a source of rows, with one policy for a repeated ref. docs/ARCHITECTURE.md "Money".
//
// A transfer is immutable and names its business event (`ref`, unique per investor). Posting it again:
// - with the same fields → `exists`: nothing written (a replay, a re-run of a job);
// - with other fields → `exists_with_different_fields`: nothing written, and the posting throws LedgerRefConflict,
//   so the transaction around it — the event's other legs and its state change — rolls back: the same name cannot
//   mean two events.
// A transfer of zero is not written (`zero_amount`): nothing moved. Anything the chart does not allow (an unknown
// kind, an account its kind may not touch, a negative or fractional amount) is a defect of the caller: LedgerError.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { IsoDate } from '../domain/calendar';
import { assetClassOf, parseAccount, transferKind, type Asset, type TransferKind } from './chart';

type Db = Kysely<DB> | Transaction<DB>;

/** One transfer, as TigerBeetle's: named fields, one asset, one debit and one credit account of one investor. */
export interface Transfer {
  user_id: number;
  /** The business event, unique per investor: `order:<id>:pay`, `income:<fund>:<day>`, … */
  ref: string;
  /** A transfer kind of the chart (its `name`): which accounts it may debit and credit. */
  kind: string;
  asset: Asset;
  debit_account: string;
  credit_account: string;
  /** Hundredths of the asset's unit: fen of CNY, hundredths of a share. */
  amount_hundredths: number;
  /** The order it belongs to, if any. */
  order_id: number | null;
  business_date: IsoDate;
}

/** The fields compared when a ref is posted again (the business date and the row's time are when, not what). */
export const COMPARED_FIELDS = ['kind', 'asset', 'debit_account', 'credit_account', 'amount_hundredths', 'order_id'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];
/**
 * 'unverified': the ref was posted by a transaction that committed while this statement ran, so this snapshot cannot
 * compare it (investors' trades are serialised by their row lock, jobs by theirs: a defect if it ever happens), or the
 * source named it twice.
 */
export type ConflictField = ComparedField | 'unverified';

/**
 * What became of a transfer. The fourth outcome, `exists_with_different_fields`, is never a value: it is thrown as
 * LedgerRefConflict (naming the refs and fields), because the other rows of the statement are written and only a
 * rollback keeps the event's legs all-or-nothing.
 */
export type PostResult = { result: 'created' } | { result: 'exists' } | { result: 'zero_amount' };

/** A transfer the chart does not allow: a defect of the code that built it. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly transfer: Partial<Transfer>,
  ) {
    super(`ledger: ${message} (${transfer.ref ?? '?'} of user ${transfer.user_id ?? '?'})`);
    this.name = 'LedgerError';
  }
}

/** A ref posted again with other fields: nothing was written, and the transaction must not commit. */
export class LedgerRefConflict extends Error {
  constructor(readonly conflicts: Array<{ user_id: number; ref: string; fields: ConflictField[] }>) {
    const first = conflicts[0];
    super(
      `ledger: ${conflicts.length} ref(s) already posted with other fields, first ${first?.ref} of user ${first?.user_id} (${first?.fields.join(', ')})`,
    );
    this.name = 'LedgerRefConflict';
  }
}

/** Why the chart refuses `t`, or null when it allows it. */
export function refusal(t: Transfer): string | null {
  const kind = transferKind(t.kind);
  if (!kind) return `unknown transfer kind '${t.kind}'`;
  if (!Number.isSafeInteger(t.amount_hundredths) || t.amount_hundredths < 0)
    return `amount ${t.amount_hundredths} is not a whole number ≥ 0`;
  if (!Number.isSafeInteger(t.user_id) || t.user_id <= 0) return `user ${t.user_id}`;
  if (!t.ref) return 'empty ref';
  const assetClass = assetClassOf(t.asset);
  if (assetClass !== kind.asset) return `asset ${t.asset} for a '${kind.name}' transfer (${kind.asset})`;
  if (t.debit_account === t.credit_account) return `debit and credit are both ${t.debit_account}`;
  for (const [side, name, allowed] of [
    ['debit', t.debit_account, kind.debit],
    ['credit', t.credit_account, kind.credit],
  ] as const) {
    const account = parseAccount(name);
    if (!account) return `${side} account '${name}' is not in the chart`;
    if (!allowed.includes(account.kind)) return `'${kind.name}' may not ${side} a '${account.kind.name}' account`;
    // A fund's shares sit in accounts of that fund.
    if (assetClass === 'shares' && account.kind.key === 'fund' && `F:${account.key}` !== t.asset)
      return `${side} account '${name}' holds another fund than ${t.asset}`;
  }
  return null;
}

/**
 * The rows to post, as SQL: a query selecting exactly the columns user_id, ref, kind, asset, debit_account,
 * credit_account, amount_hundredths, order_id, business_date and ord (the order they are written in). `with` adds
 * common table expressions before them (a data-modifying step of the same statement — its lots, its orders — that
 * the rows may read from).
 */
export interface TransferSource {
  with?: RawBuilder<unknown>;
  rows: RawBuilder<unknown>;
}

interface PostingRow {
  user_id: number | null;
  ref: string | null;
  differs: string | null;
  created: number | null;
}

/**
 * The posting statement over `source`: looks each row of a non-zero amount up by its ref once (`probe`), inserts
 * those whose ref does not exist (a negative amount fails the table's check), and answers one row with how many it
 * created, then one row per ref that existed before, naming the fields that differ ('' when none).
 *
 * A plain INSERT of the rows the probe did not find, not `ON CONFLICT DO NOTHING`: the probe is the check, and a
 * speculative insertion would cost every row a lock and a second WAL record besides (issue 22 §3). A ref posted by a
 * transaction that committed after this statement's snapshot cannot be compared: the insert meets the primary key and
 * fails, which postFrom() reports as a conflict ('unverified') — the same outcome as a ref with other fields.
 */
export function postingStatement(source: TransferSource): RawBuilder<PostingRow> {
  return sql<PostingRow>`
    WITH ${source.with ? sql`${source.with},` : sql``}
    src AS MATERIALIZED (
      SELECT s.user_id::bigint AS user_id, s.ref::text AS ref, s.kind::text AS kind, s.asset::text AS asset,
             s.debit_account::text AS debit_account, s.credit_account::text AS credit_account,
             s.amount_hundredths::bigint AS amount, s.order_id::bigint AS order_id, s.business_date::date AS business_date, s.ord
      FROM (${source.rows}) s WHERE s.amount_hundredths <> 0
    ),
    -- One index lookup a row (LIMIT 1 keeps it a lookup: the planner cannot turn it into a scan of the ledger).
    probe AS MATERIALIZED (
      SELECT s.*, t.differs
      FROM src s LEFT JOIN LATERAL (
        SELECT concat_ws(',', CASE WHEN t.kind <> s.kind THEN 'kind' END, CASE WHEN t.asset <> s.asset THEN 'asset' END,
                         CASE WHEN t.debit_account <> s.debit_account THEN 'debit_account' END,
                         CASE WHEN t.credit_account <> s.credit_account THEN 'credit_account' END,
                         CASE WHEN t.amount <> s.amount THEN 'amount_hundredths' END,
                         CASE WHEN t.order_id IS DISTINCT FROM s.order_id THEN 'order_id' END) AS differs
        FROM ledger_transfers t WHERE t.user_id = s.user_id AND t.ref = s.ref LIMIT 1
      ) t ON true
    ),
    ins AS (
      INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
      SELECT user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date FROM probe WHERE differs IS NULL ORDER BY ord
    )
    SELECT NULL::bigint AS user_id, NULL::text AS ref, NULL::text AS differs, (SELECT count(*) FROM probe WHERE differs IS NULL)::int AS created
    UNION ALL
    SELECT user_id, ref, differs, NULL FROM probe WHERE differs IS NOT NULL`;
}

export interface Posted {
  created: number;
  /** Refs that existed with the same fields. */
  exists: Array<{ user_id: number; ref: string }>;
}

/**
 * Posts the rows of `source` (set-based: the settlement's thousands of orders in one statement) by the one policy:
 * throws LedgerRefConflict when a ref existed with other fields. The chart is the caller's to respect: build the
 * accounts with its kinds' `sql()` and name a defined kind.
 */
export async function postFrom(db: Db, source: TransferSource): Promise<Posted> {
  let rows: PostingRow[];
  try {
    rows = (await postingStatement(source).execute(db)).rows;
  } catch (error) {
    throw refPostedMeanwhile(error) ?? error;
  }
  let created = 0;
  const exists: Posted['exists'] = [];
  const conflicts: LedgerRefConflict['conflicts'] = [];
  for (const row of rows) {
    if (row.ref === null) created = Number(row.created);
    else if (row.differs) conflicts.push({ user_id: Number(row.user_id), ref: row.ref, fields: row.differs.split(',') as ConflictField[] });
    else exists.push({ user_id: Number(row.user_id), ref: row.ref });
  }
  if (conflicts.length > 0) throw new LedgerRefConflict(conflicts);
  return { created, exists };
}

/**
 * The primary key's refusal of a ref that a transaction committed after the posting statement's snapshot (or that the
 * source named twice), as the conflict it is; null for any other error.
 */
function refPostedMeanwhile(error: unknown): LedgerRefConflict | null {
  const e = error as { code?: string; constraint?: string; detail?: string } | null;
  if (e?.code !== '23505' || e.constraint !== 'ledger_transfers_pkey') return null;
  const key = /\(user_id, ref\)=\((\d+), (.*)\)/.exec(e.detail ?? '');
  return new LedgerRefConflict([{ user_id: key ? Number(key[1]) : 0, ref: key?.[2] ?? '?', fields: ['unverified'] }]);
}

/** Transfers as a source of rows: one array per column, so the statement's size does not grow with them. */
export function transferRows(transfers: readonly Transfer[]): RawBuilder<unknown> {
  const column = <K extends keyof Transfer>(key: K) => transfers.map((t) => t[key]);
  return sql`
    SELECT * FROM unnest(${column('user_id')}::bigint[], ${column('ref')}::text[], ${column('kind')}::text[], ${column('asset')}::text[],
                         ${column('debit_account')}::text[], ${column('credit_account')}::text[], ${column('amount_hundredths')}::bigint[],
                         ${column('order_id')}::bigint[], ${column('business_date')}::date[])
      WITH ORDINALITY AS t(user_id, ref, kind, asset, debit_account, credit_account, amount_hundredths, order_id, business_date, ord)`;
}

/** Options of post(). */
export interface PostOptions {
  /**
   * Common table expressions to run in the posting statement (as TransferSource's `with`): the business event's own
   * writes — an order and its payment — so that the event and its transfers are one statement (the order path: one
   * round trip). They run even when every transfer is of zero amount.
   */
  with?: RawBuilder<unknown>;
}

/**
 * Posts transfers (one, or a batch: one statement either way), each checked against the chart first. Answers, per
 * transfer in order, what became of it; throws LedgerError for a transfer the chart refuses (nothing written) and
 * LedgerRefConflict for a ref that exists with other fields (nothing of the batch written).
 */
export async function post(db: Db, transfers: readonly Transfer[], options: PostOptions = {}): Promise<PostResult[]> {
  const posted = allowed(transfers);
  if (posted.length === 0 && !options.with) return transfers.map(() => ({ result: 'zero_amount' as const }));
  const { exists } = await postFrom(db, { with: options.with, rows: transferRows(posted) });
  const existing = new Set(exists.map((e) => `${e.user_id} ${e.ref}`));
  return transfers.map((t) =>
    t.amount_hundredths === 0
      ? { result: 'zero_amount' as const }
      : existing.has(`${t.user_id} ${t.ref}`)
        ? { result: 'exists' as const }
        : { result: 'created' as const },
  );
}

/** The transfers of non-zero amount, once each has passed the chart; throws LedgerError for the first it refuses. */
function allowed(transfers: readonly Transfer[]): Transfer[] {
  const seen = new Set<string>();
  for (const t of transfers) {
    const why = refusal(t);
    if (why) throw new LedgerError(why, t);
    const key = `${t.user_id} ${t.ref}`;
    if (seen.has(key)) throw new LedgerError('the same ref twice in one batch', t);
    seen.add(key);
  }
  return transfers.filter((t) => t.amount_hundredths > 0);
}

/**
 * The statement posting transfers whose refs are new by construction (named after an order id this transaction took),
 * for a caller that sends it with its COMMIT in one round trip and so reads no answer between them (the order batch,
 * services/trading.ts). The same policy by other means: a ref that exists — with the same fields or not — is refused
 * by the table's primary key, which fails the statement, and the COMMIT behind it does not run. The transfers pass the
 * chart first (LedgerError, nothing sent); `with` as post()'s.
 */
export function newTransfersStatement(transfers: readonly Transfer[], options: PostOptions = {}): RawBuilder<unknown> {
  const rows = transferRows(allowed(transfers));
  return sql`
    WITH ${options.with ? sql`${options.with},` : sql``}
    ins AS (
      INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
      SELECT user_id, ref, asset, debit_account, credit_account, amount_hundredths, kind, order_id, business_date FROM (${rows}) s
      ORDER BY ord
    )
    SELECT 1`;
}

/** A transfer of `kind`: the named fields with the kind's name filled in (a typo in a kind cannot compile). */
export function transfer(kind: TransferKind, fields: Omit<Transfer, 'kind'>): Transfer {
  return {
    user_id: fields.user_id,
    ref: fields.ref,
    kind: kind.name,
    asset: fields.asset,
    debit_account: fields.debit_account,
    credit_account: fields.credit_account,
    amount_hundredths: fields.amount_hundredths,
    order_id: fields.order_id,
    business_date: fields.business_date,
  };
}
