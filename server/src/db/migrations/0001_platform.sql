-- Platform tables: users and their sessions, secure-API devices, remote config (mpaas),
-- analytics, watchlist, third-party bindings, and the shared rate-limit counters.
-- Everything a request needs lives here, so API servers stay stateless.

CREATE TABLE users (
  id          bigserial PRIMARY KEY,
  telephone   text NOT NULL UNIQUE,
  -- Set once the user has opened a fund trading account (account-opening issue).
  open_trade  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Access tokens (cookie xq_a_token). Anonymous tokens have no user.
CREATE TABLE sessions (
  token       text PRIMARY KEY,
  user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('anonymous', 'user')),
  client_id   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  CHECK ((kind = 'user') = (user_id IS NOT NULL))
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Secure-API devices: the shared secret agreed by the RSA key exchange (base64, 32 bytes).
CREATE TABLE devices (
  id                 text PRIMARY KEY,
  secret             text NOT NULL,
  client_public_key  text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL
);
CREATE INDEX devices_expires_at_idx ON devices (expires_at);

-- Remote configuration entries, per app key; updated_at is the entry's timestamp.
CREATE TABLE mpaas_config (
  appkey      text NOT NULL,
  key         text NOT NULL,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (appkey, key)
);

-- One row per analytics record uploaded by the client (docs/PRODUCT.md §3 Analytics record).
CREATE TABLE analytics_events (
  id           bigserial PRIMARY KEY,
  category     text NOT NULL,
  visitor_id   text NOT NULL,
  occurred_at  timestamptz NOT NULL,
  platform     text NOT NULL,
  screen_size  text NOT NULL,
  event_code   text NOT NULL,
  page         text NOT NULL,
  module       text NOT NULL,
  extras       jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_occurred_at_idx ON analytics_events (occurred_at);

-- The user's stock watchlist (portfolio pid -17 is "all").
CREATE TABLE watchlist (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  symbol      text NOT NULL,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);

-- Third-party (WeChat) logins bound to a user.
CREATE TABLE thirdparty_bindings (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source      text NOT NULL CHECK (source IN ('weixin', 'xqfdweixin')),
  openid      text NOT NULL,
  unionid     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source),
  UNIQUE (source, openid)
);

-- Rate-limit counters shared by every API server instance.
CREATE TABLE rate_limits (
  key       text PRIMARY KEY,
  hits      integer NOT NULL,
  reset_at  timestamptz NOT NULL
);

-- The server's RSA key pair, shared by every instance: clients encrypt secrets
-- (telephone, trade password) with its public key, any instance must decrypt them.
CREATE TABLE server_keys (
  name             text PRIMARY KEY,
  private_key_pem  text NOT NULL,
  public_key_pem   text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- One-off facts about this installation (e.g. that the demo market was seeded, and with what).
CREATE TABLE app_state (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
