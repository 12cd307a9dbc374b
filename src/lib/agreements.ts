// The agreements an investor reads and accepts (issue 17): their ids, current versions and effective dates. Pure and
// tiny: the server checks an account opening against this list (server/src/routes/account-opening.ts), the app shows
// the documents (src/features/legal/, whose texts load only with the agreement pages) and sends what was accepted.

export type AgreementId = 'service' | 'privacy' | 'risk-disclosure' | 'fund-sale';

export interface AgreementVersion {
  readonly id: AgreementId;
  /** Raised whenever the text changes in substance: an investor who accepted an older version is asked again. */
  readonly version: string;
  /** 'YYYY-MM-DD' (Asia/Shanghai) from which this version applies. */
  readonly effectiveDate: string;
}

/** Every agreement, in the order they are listed and read. */
export const AGREEMENTS: readonly AgreementVersion[] = [
  { id: 'service', version: '2026.1', effectiveDate: '2026-11-20' },
  { id: 'privacy', version: '2026.1', effectiveDate: '2026-11-20' },
  { id: 'risk-disclosure', version: '2026.1', effectiveDate: '2026-11-20' },
  { id: 'fund-sale', version: '2026.1', effectiveDate: '2026-11-20' },
];

export const AGREEMENT_IDS: readonly AgreementId[] = AGREEMENTS.map((a) => a.id);

/** What login asks the visitor to accept (the tick under the form). */
export const LOGIN_AGREEMENTS: readonly AgreementId[] = ['service', 'privacy'];

/** What account opening asks the investor to accept, and the server records: all four. */
export const OPENING_AGREEMENTS: readonly AgreementId[] = AGREEMENT_IDS;

export function isAgreementId(value: string): value is AgreementId {
  return (AGREEMENT_IDS as readonly string[]).includes(value);
}

export function currentAgreement(id: AgreementId): AgreementVersion {
  const found = AGREEMENTS.find((a) => a.id === id);
  if (!found) throw new Error(`Unknown agreement ${id}`);
  return found;
}

/**
 * The `agreements` form field of the opening call: `id@version` joined by commas, e.g.
 * `service@2026.1,privacy@2026.1,risk-disclosure@2026.1,fund-sale@2026.1`.
 */
export function formatAcceptedAgreements(ids: readonly AgreementId[] = OPENING_AGREEMENTS): string {
  return ids.map((id) => `${id}@${currentAgreement(id).version}`).join(',');
}

/** The field read back: id → version; null when it is not of that shape (unknown ids, repeats, empty parts). */
export function parseAcceptedAgreements(text: string | undefined): Map<AgreementId, string> | null {
  const accepted = new Map<AgreementId, string>();
  if (text === undefined || text.trim() === '') return accepted;
  for (const part of text.split(',')) {
    const match = /^\s*([a-z-]+)@([0-9A-Za-z.-]{1,16})\s*$/.exec(part);
    if (!match) return null;
    const [, id = '', version = ''] = match;
    if (!isAgreementId(id) || accepted.has(id)) return null;
    accepted.set(id, version);
  }
  return accepted;
}

/** The required agreements not accepted in their current version (empty: all accepted). */
export function missingAgreements(
  accepted: ReadonlyMap<AgreementId, string>,
  required: readonly AgreementId[] = OPENING_AGREEMENTS,
): AgreementId[] {
  return required.filter((id) => accepted.get(id) !== currentAgreement(id).version);
}
