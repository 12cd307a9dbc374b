-- Activities (issue 25): rows the operator configures (npm run activity:set, or PUT /ops/activities/{id}) — a
-- lump-sum product's booking, a simulated-portfolio competition, a registration coupon — and what investors do
-- in them. services/activities.ts validates a row's config by its kind (domain/activity-config.ts).
CREATE TABLE activities (
  -- The operator's id, the {id} of /n/activity/competition/{id} and /n/activity/reg-coupon/{id}.
  id               text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,40}$'),
  kind             text NOT NULL CHECK (kind IN ('lump_sum', 'competition', 'reg_coupon')),
  -- Texts in both languages: {title: {zh, en}, subtitle: {zh, en}, rules: [{zh, en}]}.
  texts            jsonb NOT NULL,
  -- Kind-specific settings (domain/activity-config.ts): a fund, amounts in fen, rates as decimal strings.
  config           jsonb NOT NULL,
  starts_at        timestamptz NOT NULL,
  ends_at          timestamptz NOT NULL,
  -- 'withdrawn' hides an activity without deleting what investors did in it.
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
  -- Shown first on the promotion page (larger first).
  priority         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);

-- Lump-sum product (认购预约): an amount booked before the raising starts; on the first raising day the daily job
-- places it as a subscription order (认购, services/lump-sum.ts), authorised by the trade password at booking.
CREATE SEQUENCE lsd_booking_id_seq START 700000001;
CREATE TABLE lsd_bookings (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('lsd_booking_id_seq'),
  request_id       text NOT NULL,
  activity_id      text NOT NULL REFERENCES activities(id),
  fund_code        char(6) NOT NULL,
  amount_fen       bigint NOT NULL CHECK (amount_fen > 0),
  -- booked → ordered (the subscription order placed) | cancelled (by the investor) | failed (the order was refused).
  status           text NOT NULL CHECK (status IN ('booked', 'ordered', 'cancelled', 'failed')),
  order_id         bigint,
  fail_reason      text,
  -- Evidence of an accepted risk warning at booking: {text, fund_risk, investor_level, accepted_at}.
  risk_warning     jsonb,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id)
);
CREATE UNIQUE INDEX lsd_bookings_id_idx ON lsd_bookings (id);
CREATE INDEX lsd_bookings_due_idx ON lsd_bookings (fund_code, user_id, id) WHERE status = 'booked';

-- A raising's outcome as the fund company announces it (募集失败): the founding date's job refunds every pending
-- subscription with interest (services/lump-sum.ts). No row: the fund is founded on its date as planned.
CREATE TABLE fund_raising_outcomes (
  fund_code        char(6) PRIMARY KEY,
  outcome          text NOT NULL CHECK (outcome IN ('failed')),
  -- The yearly rate the refund's interest is computed at (活期存款利率), percent, e.g. 0.3500.
  interest_rate    numeric(8,4) NOT NULL,
  decided_at       timestamptz NOT NULL,
  refunded_on      date
);

-- Competition (模拟组合大赛): virtual money only — nothing here touches orders, lots or the ledger of real money.
CREATE TABLE competition_entries (
  user_id          bigint NOT NULL,
  activity_id      text NOT NULL REFERENCES activities(id),
  -- The name others see in the ranking, masked (138****8000).
  display_name     text NOT NULL,
  -- Virtual cash in fen (the initial money, less what is invested, plus sale proceeds).
  cash_fen         bigint NOT NULL CHECK (cash_fen >= 0),
  initial_fen      bigint NOT NULL CHECK (initial_fen > 0),
  joined_at        timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_id)
);
CREATE INDEX competition_entries_activity_idx ON competition_entries (activity_id, joined_at, user_id);

-- A participant's virtual holdings: shares in hundredths, what they cost (fees included), since when held.
CREATE TABLE competition_positions (
  user_id          bigint NOT NULL,
  activity_id      text NOT NULL,
  fund_code        char(6) NOT NULL,
  volume           bigint NOT NULL CHECK (volume >= 0),
  cost_fen         bigint NOT NULL CHECK (cost_fen >= 0),
  since_date       date NOT NULL,
  PRIMARY KEY (user_id, activity_id, fund_code)
);

-- Rebalancing orders (调仓): target weights, priced at NAV(T) and applied by the daily job on T+1, fees counted.
CREATE SEQUENCE competition_rebalance_id_seq START 800000001;
CREATE TABLE competition_rebalances (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('competition_rebalance_id_seq'),
  activity_id      text NOT NULL,
  request_id       text NOT NULL,
  -- [{fund_code, weight_bp}] in basis points of the portfolio's value; the rest stays cash.
  weights          jsonb NOT NULL,
  trade_date       date NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'done', 'superseded')),
  -- What was traded: [{fund_code, side, volume, amount_fen, fee_fen, nav}].
  trades           jsonb,
  fee_fen          bigint,
  created_at       timestamptz NOT NULL,
  done_at          timestamptz,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id)
);
CREATE INDEX competition_rebalances_due_idx ON competition_rebalances (activity_id, trade_date, user_id, id) WHERE status = 'pending';

-- Each participant's portfolio value per day (the NAVs published by that date), for the daily NAV and the ranking.
CREATE TABLE competition_values (
  user_id          bigint NOT NULL,
  activity_id      text NOT NULL,
  date             date NOT NULL,
  value_fen        bigint NOT NULL,
  PRIMARY KEY (user_id, activity_id, date)
);
CREATE INDEX competition_values_rank_idx ON competition_values (activity_id, date, value_fen DESC, user_id);

-- A finished contest's final ranking, written once when it ends and never changed.
CREATE TABLE competition_final_ranks (
  activity_id      text NOT NULL,
  rank             integer NOT NULL,
  user_id          bigint NOT NULL,
  display_name     text NOT NULL,
  value_fen        bigint NOT NULL,
  value_date       date NOT NULL,
  PRIMARY KEY (activity_id, rank)
);

-- Registration coupons: a purchase-fee discount, claimed once per activity, its terms copied at the claim (the
-- operator may change the activity later). 'expired' is read from expires_at, never stored.
CREATE SEQUENCE coupon_id_seq START 900000001;
CREATE TABLE coupons (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('coupon_id_seq'),
  activity_id      text NOT NULL REFERENCES activities(id),
  -- The share of the fee the investor still pays (0.1000 = 1折), and the most the discount may be.
  fee_rate         numeric(6,4) NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 1),
  max_discount_fen bigint NOT NULL CHECK (max_discount_fen > 0),
  min_amount_fen   bigint NOT NULL CHECK (min_amount_fen >= 0),
  -- The funds it applies to (a JSON list of codes); empty: every fund with a purchase fee.
  fund_codes       jsonb NOT NULL,
  claimed_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  status           text NOT NULL CHECK (status IN ('unused', 'used')),
  order_id         bigint,
  discount_fen     bigint,
  used_at          timestamptz,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, activity_id)
);
CREATE UNIQUE INDEX coupons_id_idx ON coupons (id);

-- The coupon an order used and the fee it took off (borne by the platform's marketing account in the ledger).
ALTER TABLE orders ADD COLUMN coupon_id bigint;
ALTER TABLE orders ADD COLUMN coupon_discount_fen bigint;

-- Asset proofs (资产证明): the figures as issued, so the PDF can be drawn again and a third party can check them.
CREATE TABLE asset_proofs (
  user_id          bigint NOT NULL,
  serial           text NOT NULL,
  as_of            date NOT NULL,
  lang             text NOT NULL CHECK (lang IN ('zh-CN', 'en-US')),
  -- A short code the holder hands out with the serial (HMAC of the proof's figures under a server key).
  verify_code      text NOT NULL,
  total_fen        bigint NOT NULL,
  holder_masked    text NOT NULL,
  -- Everything the PDF prints: holder, lines, totals (services/asset-proof.ts ProofFigures).
  figures          jsonb NOT NULL,
  issued_at        timestamptz NOT NULL,
  PRIMARY KEY (user_id, serial)
);
-- The public verification page finds a proof by its serial alone.
CREATE UNIQUE INDEX asset_proofs_serial_idx ON asset_proofs (serial);
