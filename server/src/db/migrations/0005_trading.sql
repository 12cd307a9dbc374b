-- Trading: orders, holding lots and the ledger they post to (server/src/services/trading.ts, settlement.ts).
-- Money in integer fen, shares in integer hundredths of a share ("volume"). Every investor table carries user_id
-- first in its primary key and in every join between investor tables, so they can be sharded by user later.

-- How a fund's contract rounds fees and shares to 0.01 (四舍五入 by default, 舍去尾数 where it says so), and the
-- registrar's large-purchase limit per investor per day: a purchase confirmed over it is partly confirmed and the
-- excess refunded (announced limits can arrive after the order was taken).
ALTER TABLE fund ADD COLUMN rounding_mode text NOT NULL DEFAULT 'half_up' CHECK (rounding_mode IN ('half_up', 'truncate'));
ALTER TABLE fund ADD COLUMN large_purchase_limit_fen bigint;

-- Order ids are answered as strings (as Danjuan does) but kept below 2^53, as every bigint here is read as a JS number.
CREATE SEQUENCE order_id_seq START 100000001;

CREATE TABLE orders (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('order_id_seq'),
  -- The client's id for this purchase intent (idempotency): one order per (user, request_id).
  request_id       text NOT NULL,
  -- Hash of the fields the order was placed with; the same request_id with other fields is refused.
  request_hash     text NOT NULL,
  fund_code        char(6) NOT NULL,
  -- 020 认购, 022 申购, 024 赎回, 143 分红.
  action           text NOT NULL CHECK (action IN ('020', '022', '024', '143')),
  status           text NOT NULL CHECK (status IN ('submitted', 'paid', 'confirmed', 'failed', 'cancelled')),
  pay_method       text NOT NULL DEFAULT 'bankcard',
  bank_card_id     bigint,
  -- Buy: the amount paid; dividend: the cash or reinvested amount.
  amount_fen       bigint,
  -- Sell: the shares redeemed; reinvested dividend: the shares.
  volume           bigint,
  -- Buy: fee and net are fixed at order time (the net-amount method does not depend on the NAV).
  fee_fen          bigint,
  rate_ppm         integer,
  standard_rate_ppm integer,
  trade_date       date NOT NULL,
  confirm_date     date NOT NULL,
  -- Buy: first income visible; sell: proceeds reach the card.
  query_date       date NOT NULL,
  confirm_nav      numeric(12,4),
  confirm_amount_fen bigint,
  confirm_volume   bigint,
  refund_fen       bigint,
  fail_reason      text,
  -- Evidence of an accepted risk warning: {text, fund_risk, investor_level, accepted_at}.
  risk_warning     jsonb,
  plan_id          bigint,
  -- The answer the placing request got (idempotency: a replayed request_id gets it again).
  answer           jsonb,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  settled_at       timestamptz,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id),
  CHECK (amount_fen IS NULL OR amount_fen > 0),
  CHECK (volume IS NULL OR volume > 0)
);
-- The settlement finds each day's work by status and date; order ids are unique across users.
CREATE UNIQUE INDEX orders_id_idx ON orders (id);
CREATE INDEX orders_confirm_idx ON orders (status, confirm_date) WHERE status IN ('submitted', 'paid');
CREATE INDEX orders_payout_idx ON orders (query_date) WHERE action = '024' AND status = 'confirmed' AND settled_at IS NULL;
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

-- Holding lots: each confirmed purchase (or reinvested dividend) is a lot, redeemed first in, first out.
CREATE TABLE lots (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL,
  fund_code        char(6) NOT NULL,
  order_id         bigint NOT NULL,
  confirm_date     date NOT NULL,
  -- The NAV date the lot was priced at (its income starts after it).
  trade_date       date NOT NULL,
  locked_until     date,
  volume_initial   bigint NOT NULL CHECK (volume_initial > 0),
  -- Shares left (sales take them at order time, a cancelled sale gives them back).
  volume           bigint NOT NULL CHECK (volume >= 0),
  cost_initial_fen bigint NOT NULL CHECK (cost_initial_fen >= 0),
  cost_fen         bigint NOT NULL CHECK (cost_fen >= 0),
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, order_id)
);
CREATE INDEX lots_user_fund_idx ON lots (user_id, fund_code, confirm_date, id);

-- Which lots a sale takes (first in, first out at order time) and what each part came to at confirmation.
CREATE TABLE order_lots (
  user_id          bigint NOT NULL,
  order_id         bigint NOT NULL,
  lot_id           bigint NOT NULL,
  volume           bigint NOT NULL CHECK (volume > 0),
  cost_fen         bigint NOT NULL CHECK (cost_fen >= 0),
  holding_days     integer,
  rate_ppm         integer,
  gross_fen        bigint,
  fee_fen          bigint,
  PRIMARY KEY (user_id, order_id, lot_id)
);

-- The ledger: immutable transfers, each moving `amount` of one asset from one account to another (so every
-- transfer balances by construction). Assets: 'CNY' (fen) or 'F:<fund code>' (hundredths of a share).
-- Accounts: 'bank' (the investor's card: the outside world), 'purchase:<fund>' (paid, in transit to the fund
-- company), 'company:<fund>' (the fund company: outside), 'fee:<fund>' (fees charged), 'proceeds:<fund>'
-- (redemption money in transit to the card), 'dividend:<fund>' (cash dividends in transit), 'registrar:<fund>'
-- (shares issued and cancelled: outside), 'lot:<id>' (a holding lot), 'selling:<fund>' (shares of pending sales).
-- `ref` names the business event; unique per investor, so a second posting of the same event is impossible.
CREATE TABLE ledger_transfers (
  user_id          bigint NOT NULL,
  id               bigint GENERATED ALWAYS AS IDENTITY,
  ref              text NOT NULL,
  asset            text NOT NULL,
  debit_account    text NOT NULL,
  credit_account   text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  kind             text NOT NULL,
  order_id         bigint,
  business_date    date NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, ref),
  CHECK (debit_account <> credit_account)
);
CREATE INDEX ledger_transfers_order_idx ON ledger_transfers (user_id, order_id);

-- Per holding: how dividends are paid (cash by default, or reinvested at the ex-date NAV without fee).
CREATE TABLE holding_options (
  user_id          bigint NOT NULL,
  fund_code        char(6) NOT NULL,
  dividend_method  text NOT NULL DEFAULT 'cash' CHECK (dividend_method IN ('cash', 'reinvest')),
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, fund_code)
);

-- The simulated bank's payments (server/src/services/bank.ts): one per payment id, for its daily limits and
-- idempotency. A real bank keeps this on its side.
CREATE TABLE bank_payments (
  user_id          bigint NOT NULL,
  payment_id       text NOT NULL,
  bank_card_id     bigint NOT NULL,
  amount_fen       bigint NOT NULL,
  day              date NOT NULL,
  ok               boolean NOT NULL,
  reason           text,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, payment_id)
);
CREATE INDEX bank_payments_day_idx ON bank_payments (user_id, bank_card_id, day);

-- Dividends the settlement has paid out (cash or reinvested), one row per fund and ex-dividend date.
CREATE TABLE dividend_runs (
  fund_code        char(6) NOT NULL,
  ex_date          date NOT NULL,
  holders          integer NOT NULL,
  paid_at          timestamptz NOT NULL,
  PRIMARY KEY (fund_code, ex_date)
);
