// The account as the app shows it (GET /djapi/account), and the session-level account changes.
import type { Kysely } from 'kysely';
import type { ThirdpartySource } from '../db/platform-types';
import type { DB } from '../db/types';
import { shanghaiDate } from '../domain/clock';
import { maskTelephone } from '../domain/masks';
import { tokenHash } from '../domain/tokens';

export interface AccountView {
  id: number;
  mask_telephone: string;
  /** Opened a fund trading account: certified and a trade password set. */
  open_trade: boolean;
  certified: boolean;
  real_name_masked: string | null;
  bank_card: { bank_code: string; card_tail: string } | null;
  has_trade_password: boolean;
  /** ISO instant while the trade password is locked, else null. */
  trade_password_locked_until: string | null;
  /** C1–C5 while the latest assessment is valid, else null. */
  risk_level: string | null;
  risk_valid_until: string | null;
  risk_expired: boolean;
}

/**
 * The user's account at `now`: identity, the latest bound bank card, the trade password's state and the latest
 * risk assessment (valid through its `valid_until` Shanghai date). Undefined when the user no longer exists.
 */
export async function accountView(kysely: Kysely<DB>, userId: number, now: Date): Promise<AccountView | undefined> {
  const row = await kysely
    .selectFrom('users')
    .leftJoin('user_identities', 'user_identities.user_id', 'users.id')
    .leftJoin('trade_passwords', 'trade_passwords.user_id', 'users.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('bank_cards')
          .select(['bank_cards.bank_code', 'bank_cards.card_tail'])
          .whereRef('bank_cards.user_id', '=', 'users.id')
          .orderBy('bank_cards.verified_at', 'desc')
          .limit(1)
          .as('card'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('risk_assessments')
          .select(['risk_assessments.level', 'risk_assessments.valid_until'])
          .whereRef('risk_assessments.user_id', '=', 'users.id')
          .orderBy('risk_assessments.assessed_at', 'desc')
          .orderBy('risk_assessments.id', 'desc')
          .limit(1)
          .as('risk'),
      (join) => join.onTrue(),
    )
    .select([
      'users.id',
      'users.telephone',
      'users.open_trade',
      'user_identities.real_name_masked',
      'trade_passwords.user_id as password_user_id',
      'trade_passwords.locked_until',
      'card.bank_code',
      'card.card_tail',
      'risk.level as risk_level',
      'risk.valid_until as risk_valid_until',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const riskExpired = row.risk_valid_until != null && row.risk_valid_until < shanghaiDate(now);
  return {
    id: row.id,
    mask_telephone: maskTelephone(row.telephone),
    open_trade: row.open_trade,
    certified: row.real_name_masked !== null,
    real_name_masked: row.real_name_masked,
    bank_card: row.bank_code && row.card_tail ? { bank_code: row.bank_code, card_tail: row.card_tail } : null,
    has_trade_password: row.password_user_id !== null,
    trade_password_locked_until: row.locked_until && row.locked_until > now ? row.locked_until.toISOString() : null,
    risk_level: row.risk_level != null && !riskExpired ? `C${row.risk_level}` : null,
    risk_valid_until: row.risk_valid_until ?? null,
    risk_expired: riskExpired,
  };
}

/** Ends a session (logout); `token` is the access token as the client holds it. */
export async function endSession(kysely: Kysely<DB>, token: string): Promise<void> {
  await kysely.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Removes the user's WeChat bindings of `source` ('' = every source); answers how many. */
export async function unbindThirdparty(kysely: Kysely<DB>, userId: number, source: ThirdpartySource | ''): Promise<number> {
  let query = kysely.deleteFrom('thirdparty_bindings').where('user_id', '=', userId);
  if (source !== '') query = query.where('source', '=', source);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
