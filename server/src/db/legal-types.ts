import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './platform-types';

/** Tables of migration 0009_agreement_acceptance.sql (issue 17). */

export type AgreementIdColumn = 'service' | 'privacy' | 'risk-disclosure' | 'fund-sale';

export interface AgreementAcceptancesTable {
  user_id: number;
  agreement_id: AgreementIdColumn;
  version: string;
  context: string;
  ip: ColumnType<string, string | undefined, string>;
  accepted_at: Timestamp;
}

export type ServiceTopic = 'account' | 'trade' | 'cash' | 'privacy' | 'other';

export interface ServiceMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  topic: ServiceTopic;
  message: string;
  contact_encrypted: string;
  ip: ColumnType<string, string | undefined, string>;
  status: ColumnType<'new' | 'answered' | 'closed', 'new' | 'answered' | 'closed' | undefined, 'new' | 'answered' | 'closed'>;
  created_at: Timestamp;
  /** 0011_privacy.sql: when staff answered or closed it (kept 3 years after), and their note. */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  staff_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LegalTables {
  agreement_acceptances: AgreementAcceptancesTable;
  service_messages: ServiceMessagesTable;
}
