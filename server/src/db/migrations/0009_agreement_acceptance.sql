-- Issue 17: the agreements an investor accepted, and the messages sent to customer service.

-- One row per agreement and version an investor accepted (src/lib/agreements.ts). Written by account opening before the
-- opening itself, kept as evidence of what the investor agreed to and when: never updated, never deleted with the
-- account (the privacy policy's retention: at least 20 years after the business relationship ends).
CREATE TABLE agreement_acceptances (
  user_id       bigint NOT NULL REFERENCES users (id),
  agreement_id  text NOT NULL CHECK (agreement_id IN ('service', 'privacy', 'risk-disclosure', 'fund-sale')),
  version       text NOT NULL,
  -- Where it was accepted: 'opening' (the certification call).
  context       text NOT NULL,
  -- The client key (http/client-address.ts) of the request that accepted.
  ip            text NOT NULL DEFAULT '',
  accepted_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, agreement_id, version)
);

-- The customer-service form (/service/customservice): a message and how to answer it. The contact (a phone number or an
-- e-mail address) is personal data: AES-256-GCM like the other personal data (services/personal-data.ts).
CREATE TABLE service_messages (
  id                 bigserial PRIMARY KEY,
  -- The logged-in investor who wrote, if any.
  user_id            bigint REFERENCES users (id),
  topic              text NOT NULL CHECK (topic IN ('account', 'trade', 'cash', 'privacy', 'other')),
  message            text NOT NULL,
  contact_encrypted  text NOT NULL,
  ip                 text NOT NULL DEFAULT '',
  status             text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered', 'closed')),
  created_at         timestamptz NOT NULL
);
CREATE INDEX service_messages_created_at_idx ON service_messages (created_at);
