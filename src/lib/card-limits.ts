// A bank card's limits on a payment (docs/PRODUCT.md §10): each payment's own, then what is left of the day's. The
// buy form and 现金宝's 转入 check a typed amount against them before the server does.
import type { PaymentCard } from './api-types/trading';
import { yuanToFen } from './money';

/** The limit an amount goes over, with what the message names. */
export type CardLimitProblem =
  | { kind: 'cardPayment'; bank: string; limit: string }
  | { kind: 'cardDaily'; bank: string; limit: string; left: string };

/** Which of the card's limits `fen` goes over, the payment's first; null within both (or with no card). */
export function cardLimitProblem(fen: number, card: PaymentCard | null): CardLimitProblem | null {
  if (!card) return null;
  if (fen > yuanToFen(card.per_payment_limit)) return { kind: 'cardPayment', bank: card.bank_name, limit: card.per_payment_limit };
  if (fen > yuanToFen(card.daily_left)) return { kind: 'cardDaily', bank: card.bank_name, limit: card.daily_limit, left: card.daily_left };
  return null;
}
