-- Account settings (services/account-settings.ts): codes of purpose 'account' — to the bank card's reserved phone
-- before a trade-password reset, to the old and to the new phone of a phone change. Each is bound to the user and
-- to its action (context_hash), like the bank's codes.
ALTER TABLE sms_codes DROP CONSTRAINT IF EXISTS sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'bank', 'account'));
