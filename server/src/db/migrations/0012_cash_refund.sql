-- Money goes back where it came from: a purchase paid from the cash product (现金宝) that the fund company refuses,
-- or whose excess over a large-purchase limit is not confirmed, after the cash redemption paying for it has gone
-- through is refunded into the cash product — a confirmed deposit of the cash fund at 1.00 (pay_method 'refund',
-- linked to the purchase), as a sale into it is (settlement.ts). Before, such refunds were paid to the bank card.
ALTER TABLE orders DROP CONSTRAINT orders_pay_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_pay_method_check CHECK (pay_method IN ('bankcard', 'xjb', 'sale', 'dividend', 'refund'));
