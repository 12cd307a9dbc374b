// The agreement records and the customer-service form (server/src/routes/legal.ts).
import type { ServiceTopic } from '@/lib/service-message';
import { get, post } from '@/platform/http';

export interface AgreementRecords {
  current: Array<{ id: string; version: string; effective_date: string }>;
  accepted: Array<{ agreement_id: string; version: string; context: string; accepted_at: string }>;
}

export function getAgreementRecords(): Promise<AgreementRecords> {
  return get<AgreementRecords>('/djapi/account/agreements', undefined, { silent: true });
}

export interface ServiceMessageSent {
  ticket: string;
  contact_masked: string;
}

export function sendServiceMessage(form: { topic: ServiceTopic; message: string; contact: string }): Promise<ServiceMessageSent> {
  return post<ServiceMessageSent>('/djapi/service/messages', { ...form }, { silent: true });
}
