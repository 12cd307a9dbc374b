-- The ledger check (server/src/ledger/check.ts) compares each range of investors' balances with their orders. The
-- advance rule reads only the redemptions behind a platform advance (快速取现, a purchase paid with 现金宝) not yet
-- settled: this partial index holds just those, so a range finds them without reading every order of its investors
-- (issue 22 §2: the check after 1,000,000 orders).
CREATE INDEX orders_advance_idx ON orders (user_id) WHERE action = '024' AND sell_mode IN ('quick', 'pay') AND settled_at IS NULL;
