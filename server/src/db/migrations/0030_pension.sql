-- The personal pension (个人养老金, issue 24, docs/PRODUCT.md §10.13): the investor's pension account — the
-- 个人养老金资金账户 at a (simulated) bank, closed-loop, and the 基金行业平台账户 linked to the fund account — its
-- contributions (≤ 12,000.00 a calendar year) and its withdrawals. The account's money is the ledger's `pension`
-- account (ledger/pension.ts); these rows are the records the ledger's invariants compare it with.
CREATE TABLE pension_accounts (
  user_id          bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The 资金账户: the bank and a simulated account number's last four digits (one per person, closed-loop).
  bank_code        text NOT NULL,
  account_tail     text NOT NULL CHECK (account_tail ~ '^[0-9]{4}$'),
  -- The 基金行业平台账户 at 中国结算 (simulated number), linked to the fund account.
  platform_account text NOT NULL UNIQUE,
  opened_on        date NOT NULL,
  opened_at        timestamptz NOT NULL,
  -- After a withdrawal for a non-retirement condition contributions may resume; after retirement they may not.
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawing')),
  -- Cash dividends of Y holdings are paid into the 资金账户; reinvestment is the default.
  request_id       text NOT NULL
);

CREATE SEQUENCE pension_record_id_seq START 800000001;

-- Contributions from the bound card into the 资金账户. `year` is the Shanghai calendar year of business_date: the cap
-- counts per year and restarts on 1 January.
CREATE TABLE pension_contributions (
  user_id          bigint NOT NULL REFERENCES pension_accounts (user_id) ON DELETE CASCADE,
  id               bigint NOT NULL DEFAULT nextval('pension_record_id_seq'),
  request_id       text NOT NULL,
  request_hash     text NOT NULL,
  amount_fen       bigint NOT NULL CHECK (amount_fen > 0),
  year             integer NOT NULL,
  business_date    date NOT NULL,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id),
  CHECK (year = extract(year FROM business_date))
);
CREATE INDEX pension_contributions_year_idx ON pension_contributions (user_id, year);

-- Withdrawals (领取): the declared condition, the mode, the amount taken from the 资金账户, the 3 % tax withheld and
-- the net paid to the social-security-card account.
CREATE TABLE pension_withdrawals (
  user_id          bigint NOT NULL REFERENCES pension_accounts (user_id) ON DELETE CASCADE,
  id               bigint NOT NULL DEFAULT nextval('pension_record_id_seq'),
  request_id       text NOT NULL,
  request_hash     text NOT NULL,
  condition        text NOT NULL CHECK (condition IN ('retirement', 'disability', 'emigration', 'medical', 'unemployment', 'subsistence')),
  mode             text NOT NULL CHECK (mode IN ('monthly', 'instalments', 'once')),
  amount_fen       bigint NOT NULL CHECK (amount_fen > 0),
  tax_fen          bigint NOT NULL CHECK (tax_fen >= 0),
  net_fen          bigint NOT NULL CHECK (net_fen >= 0 AND net_fen + tax_fen = amount_fen),
  business_date    date NOT NULL,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id)
);

-- Orders of Y classes: paid from the pension account (pay_method 'pension'), sold into it (sell_mode 'pension'). The
-- checks gain the value whatever other values earlier migrations gave them (read from the catalogue, not restated).
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint WHERE conname = 'orders_pay_method_check' AND conrelid = 'orders'::regclass;
  EXECUTE 'ALTER TABLE orders DROP CONSTRAINT orders_pay_method_check';
  EXECUTE 'ALTER TABLE orders ADD CONSTRAINT orders_pay_method_check ' || replace(def, 'ARRAY[', 'ARRAY[''pension''::text, ');
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint WHERE conname = 'orders_sell_mode_check' AND conrelid = 'orders'::regclass;
  EXECUTE 'ALTER TABLE orders DROP CONSTRAINT orders_sell_mode_check';
  EXECUTE 'ALTER TABLE orders ADD CONSTRAINT orders_sell_mode_check ' || replace(def, 'ARRAY[', 'ARRAY[''pension''::text, ');
  -- 定投 into a Y class runs from the pension account.
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint WHERE conname = 'aip_plans_pay_method_check' AND conrelid = 'aip_plans'::regclass;
  EXECUTE 'ALTER TABLE aip_plans DROP CONSTRAINT aip_plans_pay_method_check';
  EXECUTE 'ALTER TABLE aip_plans ADD CONSTRAINT aip_plans_pay_method_check ' || replace(def, 'ARRAY[', 'ARRAY[''pension''::text, ');
END $$;
