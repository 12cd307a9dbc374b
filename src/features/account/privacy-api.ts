import { get, post } from '@/platform/http';

// Typed calls of the privacy rights in account settings (docs/PRODUCT.md §7.3 "privacy"; server/src/routes/
// account-privacy.ts): the copy of one's data, and closing the account. Silent like the other settings calls: the
// screens show the server's reason where it belongs.
const SILENT = { silent: true } as const;

/** The export document: sections by name (services/data-export.ts), kept as the server wrote them. */
export interface PersonalDataExport {
  format: string;
  version: number;
  exported_at: string;
  [section: string]: unknown;
}

export type ClosingBlocker = 'holdings' | 'cash' | 'pending_orders' | 'in_transit' | 'auto_invest';

export interface CloseCheck {
  can_close: boolean;
  blockers: ClosingBlocker[];
  /** The blockers in the request's language, one sentence each. */
  reasons: string[];
}

export function getDataExport(): Promise<PersonalDataExport> {
  return get<PersonalDataExport>('/djapi/account/data-export', undefined, SILENT);
}

export function getCloseCheck(): Promise<CloseCheck> {
  return get<CloseCheck>('/djapi/account/close/check', undefined, SILENT);
}

export function sendCloseCode(): Promise<{ telephone_masked: string; resend_after: number }> {
  return post<{ telephone_masked: string; resend_after: number }>('/djapi/account/close/code', {}, SILENT);
}

export function closeAccount(code: string): Promise<{ closed: boolean; closed_at: string }> {
  return post<{ closed: boolean; closed_at: string }>('/djapi/account/close', { code }, SILENT);
}
