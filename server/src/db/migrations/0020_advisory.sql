-- 投顾 (issue 23, docs/PRODUCT.md §7.5): advisors and their portfolios (static rows below: the demo's catalogue), the
-- portfolios' funds and departures (发车, derived from the generated market by market/advisory-sync.ts at the seed and
-- by the daily job `advisory`), and what investors do with them: the advisory questionnaire, the signed service
-- agreement, plan orders (one per follow, split into ordinary fund orders), the 份 held, the fee accrued each day.

-- The advisory institutions (投顾机构) of the demo. The licence line says it is a demo.
CREATE TABLE advisors (
  code             text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9]{2,16}$'),
  name             text NOT NULL,
  full_name        text NOT NULL,
  licence          text NOT NULL,
  intro            text NOT NULL,
  sort             integer NOT NULL DEFAULT 0
);

-- An advisor's portfolio (策略): its risk, benchmark, fee and the rules its departures follow (`strategy`: slots
-- resolved to funds of the market, market/advisory.ts). total_portions: the model's 份, constant (departures switch
-- between the signal funds and the money-market reserve).
CREATE TABLE advisory_plans (
  code             text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}[0-9]{5}$'),
  advisor_code     text NOT NULL REFERENCES advisors (code),
  name             text NOT NULL,
  -- Danjuan's plan type: 1 equity (长钱), 2 balanced, 3 bond.
  type             smallint NOT NULL,
  risk_level       smallint NOT NULL CHECK (risk_level BETWEEN 1 AND 5),
  -- The advisory fee a year, in millionths of the account's value (5000 = 0.50 %): the pilot notice caps it at 5 %.
  fee_rate_ppm     integer NOT NULL CHECK (fee_rate_ppm > 0 AND fee_rate_ppm <= 50000),
  benchmark        text NOT NULL,
  benchmark_index_code text NOT NULL,
  -- Equity share of the benchmark (the rest the bond index CBA00101).
  benchmark_equity_weight numeric(4,2) NOT NULL,
  min_per_portion_fen bigint NOT NULL DEFAULT 10000,
  max_per_portion_fen bigint NOT NULL DEFAULT 1000000,
  total_portions   integer NOT NULL CHECK (total_portions > 0),
  intro            text NOT NULL,
  strategy         jsonb NOT NULL,
  sort             integer NOT NULL DEFAULT 0
);

INSERT INTO advisors (code, name, full_name, licence, intro, sort) VALUES
  ('XSTG', '雪石投顾', '雪石基金投资顾问（演示）有限公司',
   '演示机构：本机构及其基金投顾业务资格均为产品演示虚构，不构成真实投资建议',
   '以指数估值为锚，低估多买、高估少买，帮助长期投资者克服追涨杀跌。', 1),
  ('CQTG', '长桥投顾', '长桥财富投资顾问（演示）股份有限公司',
   '演示机构：本机构及其基金投顾业务资格均为产品演示虚构，不构成真实投资建议',
   '以债券打底、红利增强，追求回撤可控的稳健回报。', 2);

INSERT INTO advisory_plans (code, advisor_code, name, type, risk_level, fee_rate_ppm, benchmark, benchmark_index_code,
                            benchmark_equity_weight, total_portions, intro, strategy, sort) VALUES
  ('TIA06001', 'XSTG', '长钱账户', 1, 4, 5000, '沪深300指数收益率×80%+中债综合指数收益率×20%', 'SH000300', 0.80, 100,
   '3年以上不用的钱：四只指数基金按估值百分位加减仓，两只债券基金压舱，货币基金作现金储备。',
   '{"signal":[{"indices":["SH000922","SH000015","SZ399324","CSIH30269"],"base":10},{"indices":["SH000300","SH000906","SZ399001","SH000903"],"base":10},{"indices":["SH000905","SH000852","SZ399006","SZ399001"],"base":10},{"indices":["SZ399989","SH000932","SZ399998","SZ399812"],"base":10}],"bond":[10,10]}', 1),
  ('TIA06002', 'XSTG', '稳健平衡组合', 2, 3, 4000, '沪深300指数收益率×40%+中债综合指数收益率×60%', 'SH000300', 0.40, 100,
   '1-3年的钱：三只债券基金为底仓，两只宽基指数基金按估值调整。',
   '{"signal":[{"indices":["SH000300","SH000906","SZ399001","SH000903"],"base":10},{"indices":["SH000922","SZ399324","SH000015","CSIH30269"],"base":10}],"bond":[15,15,15]}', 2),
  ('TIA06003', 'CQTG', '安心债券组合', 3, 2, 2000, '中债综合指数收益率×90%+中证红利指数收益率×10%', 'SH000922', 0.10, 100,
   '稳健理财：四只债券基金各不超过两成，一只红利指数基金小比例增强。',
   '{"signal":[{"indices":["SH000922","SH000015","SZ399324","CSIH30269"],"base":5}],"bond":[18,18,18,18]}', 3),
  ('TIA06004', 'CQTG', '指数进取组合', 1, 5, 6000, '中证800指数收益率×95%+中债综合指数收益率×5%', 'SH000906', 0.95, 100,
   '5年以上的闲钱：五只指数基金，低估加仓、高估止盈，仓位随估值在0至100份之间。',
   '{"signal":[{"indices":["SH000300","SH000906","SZ399001"],"base":10},{"indices":["SH000905","SH000852","SZ399006"],"base":10},{"indices":["SZ399989","SH000932","SZ399997"],"base":10},{"indices":["SZ399998","SZ399986","SZ399975"],"base":10},{"indices":["SH000015","SZ399324","SH000922"],"base":10}],"bond":[]}', 4);

-- A portfolio's funds in the market (resolved from its strategy by market/advisory-sync.ts; replaced with the market).
CREATE TABLE advisory_plan_funds (
  plan_code        text NOT NULL REFERENCES advisory_plans (code),
  fund_code        char(6) NOT NULL,
  -- 'signal' (an index fund traded on its index's valuation), 'bond' (fixed), 'reserve' (the money-market fund).
  role             text NOT NULL CHECK (role IN ('signal', 'bond', 'reserve')),
  signal_index_code text,
  base_portions    integer NOT NULL,
  seq              integer NOT NULL,
  PRIMARY KEY (plan_code, fund_code)
);

-- A departure (发车): the advisor's dated trade in 份, with its reasoning. trading_id = plan number × 10^8 + yyyymmdd.
CREATE TABLE advisory_departures (
  trading_id       bigint PRIMARY KEY,
  plan_code        text NOT NULL REFERENCES advisory_plans (code),
  trade_date       date NOT NULL,
  remark           text NOT NULL,
  UNIQUE (plan_code, trade_date)
);

-- Its legs: buy k 份 of a fund (022), or sell k of the 份 held (024); portions_before = the model's 份 before.
CREATE TABLE advisory_departure_legs (
  trading_id       bigint NOT NULL REFERENCES advisory_departures (trading_id),
  seq              integer NOT NULL,
  action           text NOT NULL CHECK (action IN ('022', '024')),
  fund_code        char(6) NOT NULL,
  portion          integer NOT NULL CHECK (portion > 0),
  portions_before  integer NOT NULL CHECK (portions_before >= 0),
  PRIMARY KEY (trading_id, seq)
);

-- The advisory questionnaire (投顾 KYC): goal, horizon and risk tolerance, before any strategy is shown.
CREATE TABLE advisory_kyc (
  user_id          bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  answers          jsonb NOT NULL,
  goal             text NOT NULL,
  horizon          text NOT NULL,
  -- The risk the investor accepts (1–5), from the answers.
  tolerance        smallint NOT NULL CHECK (tolerance BETWEEN 1 AND 5),
  assessed_at      timestamptz NOT NULL
);

-- The signed advisory service agreement of one portfolio: the amount per 份 and automatic following.
CREATE TABLE advisory_accounts (
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_code        text NOT NULL REFERENCES advisory_plans (code),
  amount_per_portion_fen bigint NOT NULL CHECK (amount_per_portion_fen BETWEEN 10000 AND 1000000),
  auto_follow      boolean NOT NULL,
  -- The agreements accepted (ids and versions) and when.
  agreements       jsonb NOT NULL,
  request_id       text NOT NULL,
  signed_at        timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  -- Fee: the last calendar day accrued.
  accrued_through  date,
  PRIMARY KEY (user_id, plan_code)
);
CREATE INDEX advisory_accounts_plan_idx ON advisory_accounts (plan_code, user_id);

-- A plan order (Danjuan's ttype 'ic'): 022 buy, 024 sell, 036 a departure with both, 098 the fee, 267 upgrade.
CREATE SEQUENCE advisory_order_id_seq START 800000001;
CREATE TABLE advisory_orders (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL DEFAULT nextval('advisory_order_id_seq'),
  request_id       text NOT NULL,
  request_hash     text NOT NULL,
  plan_code        text NOT NULL REFERENCES advisory_plans (code),
  trading_id       bigint,
  action           text NOT NULL CHECK (action IN ('022', '024', '036', '098', '267')),
  -- placing (legs being placed) → placed | sub_success (some legs failed) | failed (every leg failed).
  status           text NOT NULL CHECK (status IN ('placing', 'placed', 'sub_success', 'failed')),
  -- 098: the fee charged; buys: the sum of the buy legs.
  amount_fen       bigint NOT NULL DEFAULT 0,
  auto             boolean NOT NULL DEFAULT false,
  business_date    date NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, id),
  UNIQUE (user_id, request_id)
);
CREATE UNIQUE INDEX advisory_orders_id_idx ON advisory_orders (id);
-- A departure is followed once per investor.
CREATE UNIQUE INDEX advisory_orders_follow_idx ON advisory_orders (user_id, plan_code, trading_id) WHERE trading_id IS NOT NULL;

-- The fund orders of a plan order, one per leg: an ordinary order (orders.id) or why the leg failed.
CREATE TABLE advisory_order_legs (
  user_id          bigint NOT NULL,
  plan_order_id    bigint NOT NULL,
  seq              integer NOT NULL,
  -- 022 / 024 an ordinary fund order; 267 shares held outside moved into the account (no order, lots kept).
  action           text NOT NULL CHECK (action IN ('022', '024', '267')),
  fund_code        char(6) NOT NULL,
  portion          integer NOT NULL,
  -- Buy: k × the amount per 份; sell: k/n of the shares held, in hundredths (rounded down); 267: the shares moved
  -- and (amount_fen) their cost.
  amount_fen       bigint,
  volume           bigint,
  order_id         bigint,
  fail_reason      text,
  PRIMARY KEY (user_id, plan_order_id, seq)
);
CREATE INDEX advisory_order_legs_order_idx ON advisory_order_legs (order_id) WHERE order_id IS NOT NULL;

-- The 份 an investor holds of each fund of a portfolio (changed when a leg is placed).
CREATE TABLE advisory_holdings (
  user_id          bigint NOT NULL,
  plan_code        text NOT NULL,
  fund_code        char(6) NOT NULL,
  portions         integer NOT NULL CHECK (portions >= 0),
  PRIMARY KEY (user_id, plan_code, fund_code)
);

-- The fee accrued for one calendar day: the account's value at the latest NAV (in ten-thousandths of a fen,
-- exact: hundredths of a share × NAV in ten-thousandths) × rate / 365, kept as the exact numerator over
-- 365 × 10^6 × 10^4 (fen). Charged (098) on the first trading day of each quarter.
CREATE TABLE advisory_fee_accruals (
  user_id          bigint NOT NULL,
  plan_code        text NOT NULL,
  date             date NOT NULL,
  value_e4         numeric(30,0) NOT NULL,
  fee_numerator    numeric(40,0) NOT NULL,
  -- The 098 order that charged it (null: still accrued).
  charged_order_id bigint,
  PRIMARY KEY (user_id, plan_code, date)
);
