-- The cash-management product (现金宝, server/src/services/cash.ts) and money-market income (settlement.ts,
-- postMoneyMarketIncome). A 现金宝 balance is a holding of the cash fund: its lots, as any fund's; deposits are
-- purchases, withdrawals redemptions. What is new: where a redemption's money goes, orders that pay for each other,
-- the daily income carried into shares, and the platform's advance (垫资) behind instant withdrawals.

-- Redemptions: where the money goes. 'card' (the bound card, on the arrival date), 'xjb' (a fund sale into the cash
-- product: its proceeds become cash-fund shares on the confirmation date), 'quick' (快速取现: the platform advances
-- the money to the card at once and is repaid by this redemption), 'pay' (cash-fund shares paying for a purchase:
-- the platform advances the purchase's money at once and is repaid by this redemption). NULL for other actions.
ALTER TABLE orders ADD COLUMN sell_mode text CHECK (sell_mode IN ('card', 'xjb', 'quick', 'pay'));
-- A purchase paid by the cash product and the cash redemption paying for it name each other; a sale into the
-- cash product and the deposit its proceeds became, too.
ALTER TABLE orders ADD COLUMN linked_order_id bigint;
ALTER TABLE orders ADD CONSTRAINT orders_pay_method_check CHECK (pay_method IN ('bankcard', 'xjb', 'sale', 'dividend'));
-- The day's instant withdrawals of an investor (the 10,000 CNY quota per natural day).
CREATE INDEX orders_quick_idx ON orders (user_id, created_at) WHERE sell_mode = 'quick';
-- Income rights of shares in pending redemptions: redemptions of a fund by trade date.
CREATE INDEX orders_redeem_fund_idx ON orders (fund_code, trade_date) WHERE action = '024';

-- One lot per investor and money-market fund takes each day's income (shares, carried over daily).
ALTER TABLE lots ADD COLUMN income boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX lots_income_idx ON lots (user_id, fund_code) WHERE income;
-- The holders of a fund (income, dividends): lots by fund.
CREATE INDEX lots_fund_idx ON lots (fund_code, confirm_date);

-- Money-market income paid: one row per investor, fund and distribution day (a Friday's covers the weekend).
CREATE TABLE mmf_income (
  user_id          bigint NOT NULL,
  fund_code        char(6) NOT NULL,
  date             date NOT NULL,
  -- Shares (hundredths) that earned it: held with income rights that day.
  volume           bigint NOT NULL CHECK (volume > 0),
  income_per_10k   numeric(12,4) NOT NULL,
  income_fen       bigint NOT NULL CHECK (income_fen > 0),
  lot_id           bigint NOT NULL,
  PRIMARY KEY (user_id, fund_code, date)
);

-- Each (fund, distribution day) the income step has paid, so a day is paid once.
CREATE TABLE mmf_income_runs (
  fund_code        char(6) NOT NULL,
  date             date NOT NULL,
  holders          integer NOT NULL,
  paid_at          timestamptz NOT NULL,
  PRIMARY KEY (fund_code, date)
);
