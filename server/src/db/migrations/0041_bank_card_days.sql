-- The simulated bank's running total of each card's successful payments a day, which its daily limit is checked
-- against (services/bank.ts): one row a card and day, kept by the statement that records the payment, so a purchase's
-- check reads one row instead of summing the card's payments of the day (issue 22 §3: that sum grew with every order
-- of the day and was the order path's costliest read).
CREATE TABLE bank_card_days (
  user_id          bigint NOT NULL,
  bank_card_id     bigint NOT NULL,
  day              date NOT NULL,
  used_fen         bigint NOT NULL CHECK (used_fen >= 0),
  PRIMARY KEY (user_id, bank_card_id, day)
);

INSERT INTO bank_card_days (user_id, bank_card_id, day, used_fen)
SELECT user_id, bank_card_id, day, sum(amount_fen) FROM bank_payments WHERE ok GROUP BY user_id, bank_card_id, day;
