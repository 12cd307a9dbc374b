// Quick-payment limits of the banks we take cards from (per payment and per natural day, in fen), shown on the
// buy page; a payment above either is refused naming the limit. Typical of mainland fund platforms' published
// tables; a bank not listed gets the most common limits.
import type { BankCode } from '../../../src/lib/validators';

export interface BankLimits {
  perPaymentFen: number;
  dailyFen: number;
}

const WAN = 1_000_000; // 10,000 CNY in fen

export const BANK_LIMITS: Readonly<Record<BankCode, BankLimits>> = {
  ICBC: { perPaymentFen: 5 * WAN, dailyFen: 10 * WAN },
  CCB: { perPaymentFen: 5 * WAN, dailyFen: 10 * WAN },
  ABC: { perPaymentFen: 2 * WAN, dailyFen: 10 * WAN },
  BOC: { perPaymentFen: 5 * WAN, dailyFen: 20 * WAN },
  BOCOM: { perPaymentFen: 5 * WAN, dailyFen: 20 * WAN },
  CMB: { perPaymentFen: 20 * WAN, dailyFen: 50 * WAN },
  PSBC: { perPaymentFen: 2 * WAN, dailyFen: 5 * WAN },
  CIB: { perPaymentFen: 5 * WAN, dailyFen: 10 * WAN },
  CITIC: { perPaymentFen: 5 * WAN, dailyFen: 20 * WAN },
};

export const DEFAULT_BANK_LIMITS: BankLimits = { perPaymentFen: 5 * WAN, dailyFen: 10 * WAN };

export function bankLimits(bankCode: string): BankLimits {
  return (BANK_LIMITS as Record<string, BankLimits>)[bankCode] ?? DEFAULT_BANK_LIMITS;
}
