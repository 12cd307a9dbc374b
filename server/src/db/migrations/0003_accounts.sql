-- Accounts: SMS codes and their throttles, identities, bank cards, trade passwords,
-- risk assessments, personal income, WeChat identities waiting for a phone, and the key that
-- encrypts personal data. Everything lives here so API servers stay stateless (docs/DEPLOY.md).

-- One row per verification code sent. The code itself is never stored: code_hash is
-- sha256(salt ‖ code) with a per-row salt. purpose: 'login' (SMS login) or 'bank' (the simulated
-- bank's check of the reserved phone, bound to user_id and the card in context_hash).
CREATE TABLE sms_codes (
  id            bigserial PRIMARY KEY,
  purpose       text NOT NULL CHECK (purpose IN ('login', 'bank')),
  telephone     text NOT NULL,
  user_id       bigint REFERENCES users (id) ON DELETE CASCADE,
  context_hash  text,
  code_salt     text NOT NULL,
  code_hash     text NOT NULL,
  voice         boolean NOT NULL DEFAULT false,
  ip            text NOT NULL DEFAULT '',
  tries         integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  -- Set when a newer code replaced this one or the tries ran out.
  dead_at       timestamptz
);
CREATE INDEX sms_codes_lookup_idx ON sms_codes (purpose, telephone, created_at DESC);
CREATE INDEX sms_codes_expires_at_idx ON sms_codes (expires_at);

-- Resend throttle per purpose and phone: last send and the count of the Shanghai day.
CREATE TABLE sms_throttle (
  purpose       text NOT NULL,
  telephone     text NOT NULL,
  last_sent_at  timestamptz NOT NULL,
  day           date NOT NULL,
  day_count     integer NOT NULL,
  PRIMARY KEY (purpose, telephone)
);

-- Symmetric keys for personal data (AES-256-GCM, HMAC lookups); created by the first instance.
CREATE TABLE data_keys (
  name        text PRIMARY KEY,
  key_base64  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The verified identity of a user who opened an account. One account per ID number:
-- id_no_hmac is HMAC-SHA256 of the normalised ID (unique); name and ID are stored encrypted,
-- with masked copies for display.
CREATE TABLE user_identities (
  user_id           bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  id_no_hmac        text NOT NULL UNIQUE,
  id_no_encrypted   text NOT NULL,
  id_no_masked      text NOT NULL,
  real_name_encrypted text NOT NULL,
  real_name_masked  text NOT NULL,
  birth_date        date NOT NULL,
  certified_at      timestamptz NOT NULL
);

CREATE TABLE bank_cards (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bank_code          text NOT NULL,
  card_hmac          text NOT NULL,
  card_no_encrypted  text NOT NULL,
  card_tail          text NOT NULL,
  reserved_phone_encrypted text NOT NULL,
  reserved_phone_masked    text NOT NULL,
  verified_at        timestamptz NOT NULL,
  UNIQUE (user_id, card_hmac)
);
CREATE INDEX bank_cards_user_id_idx ON bank_cards (user_id);

-- scrypt hash (format scrypt$N$r$p$salt$hash, base64) and the lockout state.
CREATE TABLE trade_passwords (
  user_id       bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hash          text NOT NULL,
  failed_tries  integer NOT NULL DEFAULT 0,
  locked_until  timestamptz,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);

CREATE TABLE risk_assessments (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  questionnaire   text NOT NULL,
  answers         jsonb NOT NULL,
  score           integer NOT NULL,
  level           smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
  assessed_at     timestamptz NOT NULL,
  valid_until     date NOT NULL
);
CREATE INDEX risk_assessments_user_idx ON risk_assessments (user_id, assessed_at DESC);

-- The annual income declaration (/n/personal-income-info); amount in integer fen.
CREATE TABLE personal_income (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  bracket     text NOT NULL,
  amount_fen  bigint,
  updated_at  timestamptz NOT NULL
);

-- A WeChat identity (web OAuth or mini program) not yet bound to a phone: the thirdparty_token
-- the client holds until an SMS or phone-number login binds it.
CREATE TABLE thirdparty_pending (
  token       text PRIMARY KEY,
  source      text NOT NULL CHECK (source IN ('weixin', 'xqfdweixin')),
  openid      text NOT NULL,
  unionid     text,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX thirdparty_pending_expires_at_idx ON thirdparty_pending (expires_at);
