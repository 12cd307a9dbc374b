import { encryptForServer as rsaToServer } from '@/platform/server-encrypt';
import { get, post } from '@/platform/http';
import { getServerPublicKey } from './api';

// Typed calls of the account settings (docs/PRODUCT.md §7.3 "account settings"; server/src/routes/account-settings.ts).
// Silent like the other account calls: the forms show the server's reason where it belongs. Passwords travel
// RSA-encrypted with the server key exactly as the trade-password set and verify calls do.
const SILENT = { silent: true } as const;

export interface SettingsCard {
  bank_code: string;
  bank_name: string;
  card_no_masked: string;
  reserved_phone_masked: string;
  bound_at: string;
  /** Yuan, decimal strings. */
  per_payment_limit: string;
  daily_limit: string;
  daily_left: string;
}

export interface AccountSettings {
  telephone_masked: string;
  has_trade_password: boolean;
  bank_card: SettingsCard | null;
}

export interface SettingsCodeSent {
  telephone_masked: string;
  resend_after: number;
}

export interface SettingsTicket {
  ticket: string;
  expires_in: number;
}

export type SettingsCodeAction = 'reset_password' | 'phone_old' | 'phone_new';

async function encrypted(text: string): Promise<string> {
  return rsaToServer(await getServerPublicKey(), text);
}

export function getAccountSettings(): Promise<AccountSettings> {
  return get<AccountSettings>('/djapi/account/settings', undefined, SILENT);
}

/** reset_password → the card's reserved phone; phone_old → the login phone; phone_new → `telephone`, with the old phone's ticket. */
export function sendSettingsCode(
  action: SettingsCodeAction,
  extra: { telephone?: string; ticket?: string } = {},
): Promise<SettingsCodeSent> {
  return post<SettingsCodeSent>('/djapi/account/settings/code', { action, ...extra }, SILENT);
}

export async function changeTradePassword(oldPassword: string, newPassword: string): Promise<{ changed: boolean }> {
  return post<{ changed: boolean }>(
    '/djapi/account/trade-password/change',
    { encrypted_old_password: await encrypted(oldPassword), encrypted_new_password: await encrypted(newPassword) },
    SILENT,
  );
}

export function verifyPasswordReset(code: string, idNo: string): Promise<SettingsTicket> {
  return post<SettingsTicket>('/djapi/account/trade-password/reset/verify', { code, id_no: idNo }, SILENT);
}

export async function resetTradePassword(ticket: string, password: string): Promise<{ reset: boolean }> {
  return post<{ reset: boolean }>('/djapi/account/trade-password/reset', { ticket, encrypted_password: await encrypted(password) }, SILENT);
}

export function verifyOldPhone(code: string): Promise<SettingsTicket> {
  return post<SettingsTicket>('/djapi/account/phone/verify-old', { code }, SILENT);
}

export function changePhone(ticket: string, telephone: string, code: string): Promise<{ telephone_masked: string }> {
  return post<{ telephone_masked: string }>('/djapi/account/phone', { ticket, telephone, code }, SILENT);
}

/** The investor's acceptances of the agreements (routes/legal.ts), newest first. */
export interface AgreementAcceptances {
  current: Array<{ id: string; version: string; effective_date: string }>;
  accepted: Array<{ agreement_id: string; version: string; context: string; accepted_at: string }>;
}

export function getAgreementAcceptances(): Promise<AgreementAcceptances> {
  return get<AgreementAcceptances>('/djapi/account/agreements', undefined, SILENT);
}
