// CSV import of fund NAV histories (format in docs/DATA.md). All-or-nothing: every line is
// validated first and errors name their line; then each fund in the file has its NAV history
// replaced in one transaction (so re-running the same file changes nothing), its period
// returns recomputed, and market_meta.loaded_at moved so market caches reload.
import { sql } from 'kysely';
import type { CopyValue, Database } from '../db/database';
import { dayNumber } from '../domain/calendar';
import { computeDerived, derivedRow, DERIVED_COLUMNS, type NavPoint } from './derived';
import { NAV_COLUMNS, navRowsOf, touchMarket, type MarketChangeHooks } from './seed';

const REQUIRED = ['fund_code', 'date', 'nav', 'acc_nav'] as const;
const OPTIONAL = ['income_per_10k', 'yield_7d'] as const;
const NAV_DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;
const SIGNED_DECIMAL = /^-?\d{1,9}(\.\d{1,4})?$/;
/** Stop collecting after this many errors: the first ones are what the user needs. */
const MAX_ERRORS = 20;

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`the file was not imported:\n${problems.join('\n')}`);
    this.name = 'ImportError';
  }
}

export interface NavImportReport {
  funds: number;
  rows: number;
}

function splitCsvLine(line: string): string[] {
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

/** Parses and validates the whole file; throws ImportError listing the bad lines. */
export async function parseNavCsv(db: Database, text: string): Promise<Map<string, NavPoint[]>> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  const problems: string[] = [];
  for (const column of REQUIRED)
    if (!header.includes(column)) problems.push(`line 1: missing column "${column}" (header must contain ${REQUIRED.join(',')})`);
  for (const column of header)
    if (!(REQUIRED as readonly string[]).includes(column) && !(OPTIONAL as readonly string[]).includes(column))
      problems.push(`line 1: unknown column "${column}"`);
  if (problems.length) throw new ImportError(problems);
  const at = (cells: string[], column: string) => cells[header.indexOf(column)] ?? '';

  const known = new Set((await db.kysely.selectFrom('fund').select('code').execute()).map((f) => f.code));
  const byFund = new Map<string, NavPoint[]>();
  const seen = new Set<string>();
  for (let i = 1; i < lines.length && problems.length < MAX_ERRORS; i += 1) {
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    const lineNo = i + 1;
    const cells = splitCsvLine(raw);
    if (cells.length !== header.length) {
      problems.push(`line ${lineNo}: expected ${header.length} fields, got ${cells.length}`);
      continue;
    }
    const code = at(cells, 'fund_code');
    const date = at(cells, 'date');
    const nav = at(cells, 'nav');
    const acc = at(cells, 'acc_nav');
    const income = header.includes('income_per_10k') ? at(cells, 'income_per_10k') : '';
    const yield7d = header.includes('yield_7d') ? at(cells, 'yield_7d') : '';
    const lineProblems: string[] = [];
    if (!/^\d{6}$/.test(code)) lineProblems.push(`fund_code "${code}" must be six digits`);
    else if (!known.has(code)) lineProblems.push(`unknown fund ${code} (funds must exist before their NAVs are imported)`);
    let validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
    if (validDate) {
      try {
        dayNumber(date);
      } catch {
        validDate = false;
      }
    }
    if (!validDate) lineProblems.push(`date "${date}" must be a calendar date YYYY-MM-DD`);
    if (!NAV_DECIMAL.test(nav) || Number(nav) <= 0) lineProblems.push(`nav "${nav}" must be a positive decimal with at most 4 decimals`);
    if (!NAV_DECIMAL.test(acc) || Number(acc) <= 0)
      lineProblems.push(`acc_nav "${acc}" must be a positive decimal with at most 4 decimals`);
    if (income !== '' && !SIGNED_DECIMAL.test(income))
      lineProblems.push(`income_per_10k "${income}" must be a decimal with at most 4 decimals`);
    if (yield7d !== '' && !SIGNED_DECIMAL.test(yield7d))
      lineProblems.push(`yield_7d "${yield7d}" must be a decimal with at most 4 decimals`);
    const key = `${code}|${date}`;
    if (seen.has(key)) lineProblems.push(`duplicate row for fund ${code} on ${date}`);
    seen.add(key);
    if (lineProblems.length) {
      problems.push(`line ${lineNo}: ${lineProblems.join('; ')}`);
      continue;
    }
    const list = byFund.get(code) ?? [];
    list.push({
      date,
      nav: Number(nav),
      accNav: Number(acc),
      incomePer10k: income === '' ? null : Number(income),
      yield7d: yield7d === '' ? null : Number(yield7d),
    });
    byFund.set(code, list);
  }
  if (problems.length) throw new ImportError(problems);
  if (byFund.size === 0) throw new ImportError(['the file has no data rows']);
  for (const points of byFund.values()) points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return byFund;
}

/** Validates, then replaces the NAV history of every fund in the file; `hooks.onChanged` tells this process's market cache. */
export async function importNavCsv(db: Database, text: string, hooks: MarketChangeHooks = {}): Promise<NavImportReport> {
  const byFund = await parseNavCsv(db, text);
  const types = new Map(
    (
      await db.kysely
        .selectFrom('fund')
        .select(['code', 'type'])
        .where('code', 'in', [...byFund.keys()])
        .execute()
    ).map((f) => [f.code, f.type]),
  );
  const rows: CopyValue[][] = [];
  const derived: CopyValue[][] = [];
  for (const [code, points] of byFund) {
    const money = types.get(code) === 4;
    rows.push(...navRowsOf(code, money ? points.map((p) => ({ ...p, incomePer10k: p.incomePer10k ?? 0 })) : points));
    const d = computeDerived(points, money);
    if (d) derived.push(derivedRow(code, d));
  }
  // Staged, then swapped in one transaction: a failure leaves the old history in place.
  // Created by migration 0002; IF NOT EXISTS keeps databases made by its first draft working.
  await db.exec(
    'CREATE TABLE IF NOT EXISTS fund_nav_staging (LIKE fund_nav); CREATE TABLE IF NOT EXISTS fund_derived_staging (LIKE fund_derived); TRUNCATE fund_nav_staging, fund_derived_staging;',
  );
  await db.copyRows('fund_nav_staging', NAV_COLUMNS, rows);
  await db.copyRows('fund_derived_staging', [...DERIVED_COLUMNS], derived);
  await db.kysely.transaction().execute(async (trx) => {
    await sql`DELETE FROM fund_nav WHERE fund_code IN (SELECT DISTINCT fund_code FROM fund_nav_staging)`.execute(trx);
    await sql`INSERT INTO fund_nav SELECT * FROM fund_nav_staging`.execute(trx);
    await sql`DELETE FROM fund_derived WHERE fund_code IN (SELECT fund_code FROM fund_derived_staging)`.execute(trx);
    await sql`INSERT INTO fund_derived SELECT * FROM fund_derived_staging`.execute(trx);
    await sql`TRUNCATE fund_nav_staging, fund_derived_staging`.execute(trx);
  });
  await touchMarket(db);
  hooks.onChanged?.();
  return { funds: byFund.size, rows: rows.length };
}
