import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * The simulated fund-account registry behind /n/find-fund-account: which of the market's
 * (fictional) fund companies hold an account for an ID number. Deterministic per ID: the same
 * ID always finds the same 0–4 companies, account numbers and opening dates; an account is never
 * opened before the holder turned 18 nor after `today`.
 */
export interface FundAccount {
  company_code: string;
  company_name: string;
  account_no_masked: string;
  opened_at: string;
}

const DAY_MS = 86_400_000;

export async function findFundAccounts(
  kysely: Kysely<DB>,
  opts: { idNo: string; birthDate: string; today: string },
): Promise<FundAccount[]> {
  const companies = await kysely.selectFrom('fund_company').select(['code', 'name']).orderBy('code').execute();
  if (companies.length === 0) return [];
  const seed = createHash('sha256').update(`fund-account-registry:${opts.idNo}`).digest();
  // 0–4 accounts, fewer more likely: 0 (20 %), 1 (30 %), 2 (25 %), 3 (15 %), 4 (10 %).
  const roll = seed[0]! % 100;
  const count = Math.min(companies.length, roll < 20 ? 0 : roll < 50 ? 1 : roll < 75 ? 2 : roll < 90 ? 3 : 4);
  const adultFrom = Date.parse(`${Number(opts.birthDate.slice(0, 4)) + 18}${opts.birthDate.slice(4)}T00:00:00Z`);
  const until = Date.parse(`${opts.today}T00:00:00Z`);
  const from = Math.max(adultFrom, Date.parse('2005-01-01T00:00:00Z'));
  const picked = new Set<number>();
  const accounts: FundAccount[] = [];
  for (let i = 0; accounts.length < count && i < 64; i += 1) {
    const word = seed.readUInt32BE((i * 4) % 28);
    const index = (word + i * 7919) % companies.length;
    if (picked.has(index)) continue;
    picked.add(index);
    const company = companies[index]!;
    const accountNo = `${company.code.slice(-4)}${String((word ^ 0x5bd1e995) >>> 0)
      .padStart(10, '0')
      .slice(-10)}`;
    const span = Math.max(0, Math.floor((until - from) / DAY_MS));
    const openedAt = from > until ? opts.today : new Date(from + ((word >>> 3) % (span + 1)) * DAY_MS).toISOString().slice(0, 10);
    accounts.push({
      company_code: company.code,
      company_name: company.name,
      account_no_masked: `${accountNo.slice(0, 4)}******${accountNo.slice(-4)}`,
      opened_at: openedAt,
    });
  }
  return accounts.sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.company_code.localeCompare(b.company_code));
}
