-- Issue 17, privacy (the privacy policy's promises made true): closing an account (注销), the daily retention job
-- (services/retention.ts) and the staff view of customer-service messages (routes/ops.ts).

-- A closed account: status 'closed' from closed_at on, no sessions, no WeChat link, no trade password. Its login phone
-- is freed for a new registration (users.telephone becomes 'closed:<id>', never a mainland number); for an investor
-- who had opened a trading account the number stays, AES-256-GCM encrypted, with the identity record that anti-money
-- laundering rules keep 20 years after the relationship ends (closed_telephone_encrypted).
ALTER TABLE users ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed'));
ALTER TABLE users ADD COLUMN closed_at timestamptz;
ALTER TABLE users ADD COLUMN closed_telephone_encrypted text;
ALTER TABLE users ADD CONSTRAINT users_closed_check CHECK ((status = 'closed') = (closed_at IS NOT NULL));
CREATE INDEX users_closed_at_idx ON users (closed_at) WHERE status = 'closed';

-- The identity of a closed account is kept (20 years) but no longer holds its ID number: the same person may open a new
-- account. One open account per ID number, as before.
ALTER TABLE user_identities ADD COLUMN closed_at timestamptz;
ALTER TABLE user_identities DROP CONSTRAINT IF EXISTS user_identities_id_no_hmac_key;
CREATE UNIQUE INDEX user_identities_id_no_hmac_open_idx ON user_identities (id_no_hmac) WHERE closed_at IS NULL;
CREATE INDEX user_identities_id_no_hmac_idx ON user_identities (id_no_hmac);

-- Customer-service messages: when staff answered or closed one (the policy keeps it 3 years after that) and their note.
ALTER TABLE service_messages ADD COLUMN handled_at timestamptz;
ALTER TABLE service_messages ADD COLUMN staff_note text;
CREATE INDEX service_messages_status_idx ON service_messages (status, created_at);
CREATE INDEX service_messages_user_idx ON service_messages (user_id) WHERE user_id IS NOT NULL;
