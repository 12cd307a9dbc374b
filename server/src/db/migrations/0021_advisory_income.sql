-- 投顾 (issue 23, docs/PRODUCT.md §7.5): what the advisory account earns besides its legs. The settlement pays
-- dividends (cash or reinvested) and money-market income to the investor, fund by fund; the daily job `advisory-day`
-- gives each signed account its part of each payment (services/advisory-shares.ts): the account priced as a holder of
-- the shares it had on the record date / income day, by the settlement's own rules, never more than the investor got.
-- Written once per account and payment (the source), so the account's shares, value and gain follow the ledger.
CREATE TABLE advisory_income (
  user_id          bigint NOT NULL,
  plan_code        text NOT NULL,
  fund_code        char(6) NOT NULL,
  -- 'div:<order id>' (a 143 dividend order) or 'mmf:<distribution day>' (an mmf_income row of the fund).
  source           text NOT NULL,
  -- The dividend's ex-date or the income's distribution day: the shares count for the account from it.
  date             date NOT NULL,
  -- Shares (hundredths) the account gained: a reinvested dividend's, or the money-market income carried into shares.
  volume           bigint NOT NULL CHECK (volume >= 0),
  -- A cash dividend's part paid to the card (fen): part of the account's gain.
  cash_fen         bigint NOT NULL CHECK (cash_fen >= 0),
  PRIMARY KEY (user_id, plan_code, fund_code, source)
);
CREATE INDEX advisory_income_source_idx ON advisory_income (user_id, fund_code, source);
