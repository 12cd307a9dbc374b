-- One index entry fewer per transfer (issue 22 §3: the settlement's posting statement is most of PostgreSQL's work
-- for a million orders, and much of that is index entries). `ledger_transfers_order_idx (user_id, order_id)` served
-- no query: the ledger is read by investor (the primary key's leading column), by business date and by kind (the
-- ledger check, the asset proof, the account closing), never by order. A confirmed purchase wrote six ledger index
-- entries and writes three.
DROP INDEX ledger_transfers_order_idx;
