// What the deposit and withdrawal forms compute while the user types: the keypad's text and the amount's checks,
// on integer fen (src/lib/money.ts) against the summary's figures and the rule constants (src/lib/cash-rules.ts).
import { CASH_MIN_AMOUNT_FEN } from '@/lib/cash-rules';
import { cardLimitProblem, type CardLimitProblem } from '@/lib/card-limits';
import { parseAmountInput, yuanToFen } from '@/lib/money';
import type { CashSummary } from '@/lib/api-types/cash';

/** Why an amount cannot be moved, with what the message names. */
export type CashProblem =
  | { kind: 'invalid' }
  | { kind: 'decimals' }
  | { kind: 'min'; min: number }
  | CardLimitProblem
  | { kind: 'available'; available: string };

export interface CashCheck {
  /** The amount in fen when the text reads as one. */
  fen: number | null;
  /** Null: fine, or nothing typed. */
  problem: CashProblem | null;
}

function parse(text: string): CashCheck | number {
  if (text === '') return { fen: null, problem: null };
  const parsed = parseAmountInput(text.endsWith('.') ? text.slice(0, -1) : text);
  if (!parsed.ok) return { fen: null, problem: { kind: parsed.error === 'tooManyDecimals' ? 'decimals' : 'invalid' } };
  if (parsed.fen <= 0) return { fen: parsed.fen, problem: { kind: 'invalid' } };
  if (parsed.fen < CASH_MIN_AMOUNT_FEN) return { fen: parsed.fen, problem: { kind: 'min', min: CASH_MIN_AMOUNT_FEN } };
  return parsed.fen;
}

/** A deposit comes from the bound card: the card's per-payment limit and what is left of its day. */
export function checkDeposit(text: string, summary: Pick<CashSummary, 'card'>): CashCheck {
  const fen = parse(text);
  if (typeof fen !== 'number') return fen;
  return { fen, problem: cardLimitProblem(fen, summary.card) };
}

/**
 * A withdrawal takes what is available (confirmed, not frozen). The 快速取现 quota is the server's to refuse (its
 * message names the limit and what is left, and the form offers the normal way then).
 */
export function checkWithdraw(text: string, summary: Pick<CashSummary, 'available'>): CashCheck {
  const fen = parse(text);
  if (typeof fen !== 'number') return fen;
  if (fen > yuanToFen(summary.available)) return { fen, problem: { kind: 'available', available: summary.available } };
  return { fen, problem: null };
}
