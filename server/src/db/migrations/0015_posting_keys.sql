-- Fewer index entries per posting (issue 22 §3: the settlement of 1,000,000 orders spends most of PostgreSQL's work on
-- the one posting statement per chunk, and much of that on index entries: a confirmed purchase wrote ~17).
--
-- The ledger's key is the business event, (user_id, ref): it was already unique, and the surrogate (user_id, id) key
-- beside it served no lookup. The identity column stays (the order transfers were written in); ON CONFLICT (user_id,
-- ref) — the one policy for a repeated ref, ledger/post.ts — now meets the primary key.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_pkey;
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_user_id_ref_key;
ALTER TABLE ledger_transfers ADD PRIMARY KEY (user_id, ref);

-- A lot is named by the order that made it (a purchase, a deposit, a reinvested dividend, the income lot's own
-- number): its id is that order's, so the primary key (user_id, id) already makes one lot per order. The second
-- unique index on (user_id, order_id) goes; the rule it relied on becomes a check.
ALTER TABLE lots DROP CONSTRAINT lots_user_id_order_id_key;
ALTER TABLE lots ADD CONSTRAINT lots_named_by_order CHECK (order_id = id);
