-- Auto-invest plans (定投, server/src/services/auto-invest.ts) and their runs. Each run places an ordinary purchase
-- linked to its plan (orders.plan_id); the daily job 'run-plans' runs every due plan once per date.
CREATE SEQUENCE aip_plan_id_seq START 500000001;

CREATE TABLE aip_plans (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('aip_plan_id_seq'),
  -- The client's id for this plan intent (idempotency): one plan per (user, request_id).
  request_id       text NOT NULL,
  fund_code        char(6) NOT NULL,
  amount_fen       bigint NOT NULL CHECK (amount_fen > 0),
  cycle            text NOT NULL CHECK (cycle IN ('daily', 'weekly', 'biweekly', 'monthly')),
  -- weekly / biweekly: 1–5 (Monday–Friday); monthly: 1–28; daily: NULL.
  cycle_day        integer,
  -- The first nominal date; weekly and biweekly count their weeks from it.
  anchor_date      date NOT NULL,
  pay_method       text NOT NULL DEFAULT 'bankcard' CHECK (pay_method IN ('bankcard', 'xjb')),
  smart            boolean NOT NULL DEFAULT false,
  -- The index a smart plan follows (the fund's tracked index).
  index_code       text,
  status           text NOT NULL CHECK (status IN ('running', 'paused', 'stopped')),
  -- 'payment_failed' (3 failed debits in a row) or 'investor'.
  pause_reason     text,
  failures         integer NOT NULL DEFAULT 0,
  next_date        date,
  -- Evidence of an accepted risk warning at creation: {text, fund_risk, investor_level, accepted_at}.
  risk_warning     jsonb,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id),
  CHECK ((cycle = 'daily') = (cycle_day IS NULL))
);
CREATE UNIQUE INDEX aip_plans_id_idx ON aip_plans (id);
CREATE INDEX aip_plans_due_idx ON aip_plans (next_date) WHERE status = 'running';

-- One row per plan and run date: what was invested (or why not).
CREATE TABLE aip_runs (
  user_id          bigint NOT NULL,
  plan_id          bigint NOT NULL,
  date             date NOT NULL,
  amount_fen       bigint NOT NULL,
  ratio_percent    integer NOT NULL,
  -- Smart mode: {method, index_code, value_bp, ratio, as_of}.
  reason           jsonb,
  status           text NOT NULL CHECK (status IN ('placed', 'failed', 'skipped')),
  note             text,
  order_id         bigint,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, plan_id, date)
);
