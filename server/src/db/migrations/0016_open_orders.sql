-- The settlement's confirmation of an order becomes a HOT update (issue 22 §3: a million orders in ≤ 60 s).
--
-- Confirming an order changes its status. `status` was indexed (orders_confirm_idx, and the predicate of
-- orders_payout_idx), so PostgreSQL wrote every confirmed order's new row version on another page with a new entry in
-- each of the table's indexes: ~35 µs an order of a 2,000-order chunk's UPDATE, against ~10 µs for an update that
-- stays on its page and touches no index (a HOT update; measured on 200,000 orders, 2026-11-29).
--
-- So `status` leaves the indexes: the orders still open — a purchase paid and not yet confirmed, a sale submitted —
-- are listed in `orders_open`, which the settlement reads for what is due; triggers keep it equal to the orders whose
-- status is 'paid' or 'submitted', statement by statement and set-based (transition tables), whatever writes them.
-- And pages keep room for the new version of their rows (fillfactor 50: an order is updated at most a few times).
CREATE TABLE orders_open (
  user_id          bigint NOT NULL,
  id               bigint NOT NULL,
  status           text NOT NULL CHECK (status IN ('paid', 'submitted')),
  action           char(3) NOT NULL,
  fund_code        char(6) NOT NULL,
  trade_date       date NOT NULL,
  confirm_date     date NOT NULL,
  PRIMARY KEY (user_id, id)
);

CREATE FUNCTION orders_open_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM orders_open q USING old_rows o
    WHERE q.user_id = o.user_id AND q.id = o.id AND o.status IN ('paid', 'submitted');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO orders_open (user_id, id, status, action, fund_code, trade_date, confirm_date)
    SELECT user_id, id, status, action, fund_code, trade_date, confirm_date FROM new_rows WHERE status IN ('paid', 'submitted');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_open_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_open_sync();
CREATE TRIGGER orders_open_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_open_sync();
CREATE TRIGGER orders_open_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_open_sync();

INSERT INTO orders_open (user_id, id, status, action, fund_code, trade_date, confirm_date)
SELECT user_id, id, status, action, fund_code, trade_date, confirm_date FROM orders WHERE status IN ('paid', 'submitted');

DROP INDEX orders_confirm_idx;
-- Redemptions confirmed and not yet paid out, by query date: `status` out of the predicate (payOut reads the status).
DROP INDEX orders_payout_idx;
CREATE INDEX orders_payout_idx ON orders (query_date) WHERE action = '024' AND settled_at IS NULL;

ALTER TABLE orders SET (fillfactor = 50);
