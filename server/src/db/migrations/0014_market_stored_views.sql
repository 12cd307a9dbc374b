-- What the fund pages show of a fund's reports and community is generated with the market and stored, never made up
-- when a page is read (issue 22 §4): the read path (server/src/market/fund-views.ts) serves these rows; the generator
-- (generate.ts, seed-data.ts) writes them, and the extension (extend.ts) adds each new trading day's stock quotes.

-- The industry (申万一级) of each stock of a report's top ten.
ALTER TABLE fund_holding ADD COLUMN industry text;

-- A report's bond holdings: up to five issues sharing part of its bond percentage.
CREATE TABLE fund_bond_holding (
  fund_code   char(6) NOT NULL,
  report_date date NOT NULL,
  rank        smallint NOT NULL,
  bond_code   text NOT NULL,
  bond_name   text NOT NULL,
  percent     numeric(8,2) NOT NULL,
  PRIMARY KEY (fund_code, report_date, rank)
);

-- Daily quotes of the listed companies funds hold (price in CNY, the day's change in percent).
CREATE TABLE stock_quote (
  stock_code     text NOT NULL,
  date           date NOT NULL,
  price          numeric(12,2) NOT NULL,
  change_percent numeric(8,2) NOT NULL,
  PRIMARY KEY (stock_code, date)
);

-- The subscription period shown for every fund (its own, or for a fund founded before our records the usual one),
-- and the community page's counts.
ALTER TABLE fund ADD COLUMN ipo_start date;
ALTER TABLE fund ADD COLUMN ipo_end date;
ALTER TABLE fund ADD COLUMN follower_count integer;
ALTER TABLE fund ADD COLUMN status_count integer;
