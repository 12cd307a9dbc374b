-- Security hardening (docs/SECURITY.md): bearer tokens are kept only as their SHA-256, and the SMS tables hold a
-- keyed digest of the phone (services/verification-codes.ts) instead of the number; the daily code budget of a
-- phone is counted per requester, so a stranger cannot spend the owner's.

-- Access tokens (cookie xq_a_token, Bearer) and WeChat thirdparty_tokens: sha256(token) in hex. A copy of the table,
-- a dump or a page of the WAL no longer logs anyone in. Existing tokens keep working (hashed in place).
ALTER TABLE sessions RENAME COLUMN token TO token_hash;
UPDATE sessions SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
ALTER TABLE thirdparty_pending RENAME COLUMN token TO token_hash;
UPDATE thirdparty_pending SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');

-- Codes live 5 minutes and throttles one day, and SQL does not hold the digest's key: the rows of the old shape are
-- dropped, not converted (a code sent just before the upgrade has to be asked for again).
DELETE FROM sms_codes;
DROP INDEX sms_codes_lookup_idx;
ALTER TABLE sms_codes DROP COLUMN telephone;
-- HMAC-SHA256 of the phone under the personal-data key (label 'sms-phone'): the bank card's reserved phone is
-- stored encrypted in bank_cards and nowhere in clear.
ALTER TABLE sms_codes ADD COLUMN phone_digest text NOT NULL;
CREATE INDEX sms_codes_lookup_idx ON sms_codes (purpose, phone_digest, created_at DESC);

-- Resend throttle per purpose, phone and requester (the client key of who asked: an IPv4 address or an IPv6 /64):
-- 30 s between sends and 10 a Shanghai day for each requester of a phone.
DROP TABLE sms_throttle;
CREATE TABLE sms_throttle (
  purpose       text NOT NULL,
  phone_digest  text NOT NULL,
  requester     text NOT NULL,
  last_sent_at  timestamptz NOT NULL,
  day           date NOT NULL,
  day_count     integer NOT NULL,
  PRIMARY KEY (purpose, phone_digest, requester)
);
