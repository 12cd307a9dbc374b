/**
 * Answers of the activity calls (docs/PRODUCT.md §7.4): the operator's activities, the lump-sum product's brochure and
 * bookings, the competition, registration coupons and asset proofs. Money and shares are decimal strings.
 */

export type ActivityKind = 'lump_sum' | 'competition' | 'reg_coupon';
export type ActivityPhase = 'upcoming' | 'running' | 'ended';

export interface ActivitySummary {
  id: string;
  kind: ActivityKind;
  phase: ActivityPhase;
  title: string;
  title_en: string;
  subtitle: string;
  subtitle_en: string;
  rules: Array<{ text: string; text_en: string }>;
  starts_at: string;
  ends_at: string;
  url: string;
  participants: number;
}

/** `GET /djapi/activity/list`: the running activities (the promotion page). */
export interface ActivityList {
  items: ActivitySummary[];
}

export interface BilingualLine {
  text: string;
  text_en: string;
}

export interface FeeLine {
  /** '0 ≤ amount < 100万' as bounds in yuan (null upper: no bound), or days for redemption. */
  lower: string;
  upper: string | null;
  /** Percent ('1.20') or null for a fixed fee. */
  rate: string | null;
  /** After the platform discount. */
  discounted_rate: string | null;
  fixed_fee: string | null;
}

export type RaisingPhase = 'booking' | 'raising' | 'closed' | 'founded' | 'failed' | 'none';

export interface LumpSumBooking {
  booking_id: string;
  amount: string;
  status: 'booked' | 'ordered' | 'cancelled' | 'failed';
  order_id: string | null;
  fail_reason: string | null;
  created_at: string;
}

/** `GET /djapi/activity/lsd?id=`: the landing, the brochure and (logged in) the investor's bookings. */
export interface LumpSumPage {
  activity: ActivitySummary;
  fund: {
    fd_code: string;
    fd_name: string;
    fd_full_name: string;
    type_desc: string;
    risk_level: number;
    company: string;
    custodian: string;
    benchmark: string;
    invest_target: string;
    invest_orientation: string;
    manage_fee: string;
    custody_fee: string;
    sales_service_fee: string;
    min_purchase: string;
    managers: Array<{ name: string; resume: string; career_start: string }>;
    subscribe_fees: FeeLine[];
    redeem_fees: FeeLine[];
    discount: string;
  };
  raising: { phase: RaisingPhase; start: string | null; end: string | null; found_date: string };
  highlights: BilingualLine[];
  key_terms: BilingualLine[];
  min_amount: string;
  max_amount: string | null;
  /** null for a visitor. */
  bookings: LumpSumBooking[] | null;
  booked_total: string | null;
}

export interface CompetitionFund {
  fd_code: string;
  fd_name: string;
  type_desc: string;
  risk_level: number;
}

export interface CompetitionRankItem {
  rank: number;
  name: string;
  value: string;
  /** Percent, two decimals, signed ('-1.25'). */
  return_rate: string;
  mine: boolean;
}

/** `GET /djapi/activity/competition/{id}`: the contest and (logged in) where the investor stands. */
export interface CompetitionPage {
  activity: ActivitySummary;
  initial: string;
  max_funds: number;
  last_day: string;
  final: boolean;
  top: CompetitionRankItem[];
  me: { joined: boolean; value: string | null; return_rate: string | null; rank: number | null; total: number | null } | null;
}

export interface CompetitionPosition {
  activity_id: string;
  name: string;
  initial: string;
  cash: string;
  value: string;
  value_date: string | null;
  return_rate: string;
  positions: Array<{
    fd_code: string;
    fd_name: string;
    volume: string;
    nav: string | null;
    nav_date: string | null;
    value: string;
    cost: string;
    gain: string;
    /** Percent of the portfolio's value. */
    weight: string;
  }>;
  /** One point per valuation day: the portfolio's NAV (value / initial money). */
  navs: Array<{ date: string; nav: string; value: string }>;
  rebalances: Array<{
    id: string;
    status: 'pending' | 'done';
    trade_date: string;
    weights: Array<{ fd_code: string; weight: string }>;
    fee: string | null;
    trades: Array<{ fd_code: string; side: 'buy' | 'sell'; volume: string; amount: string; fee: string; nav: string }>;
  }>;
}

export interface CompetitionRanking {
  final: boolean;
  date: string | null;
  current_page: number;
  size: number;
  total_items: number;
  total_pages: number;
  items: CompetitionRankItem[];
}

export type CouponStatus = 'available' | 'used' | 'expired';

export interface Coupon {
  coupon_id: string;
  activity_id: string;
  title: string;
  title_en: string;
  status: CouponStatus;
  /** The share of the fee still paid ('0.1' = 1折). */
  discount: string;
  max_discount: string;
  min_amount: string;
  /** Empty: every fund. */
  fund_codes: string[];
  claimed_at: string;
  expires_at: string;
  order_id: string | null;
  /** With `fd_code` and `amount` asked: does it apply to that purchase, and the fee before and after. */
  applies: { usable: boolean; reason: string | null; fee_before: string; fee_after: string; discount_amount: string } | null;
}

/** `GET /djapi/activity/reg-coupon/{id}`. */
export interface RegCouponPage {
  activity: ActivitySummary;
  discount: string;
  max_discount: string;
  min_amount: string;
  valid_days: number;
  funds: Array<{ fd_code: string; fd_name: string }>;
  /** null for a visitor; the investor's coupon of this activity once claimed. */
  mine: { claimed: boolean; eligible: boolean; coupon: Coupon | null } | null;
}

export interface AssetProofIssued {
  serial: string;
  verify_code: string;
  date: string;
  total: string;
  /** The owner's download (`GET /djapi/account/asset-proof/{serial}.pdf`). */
  pdf_url: string;
  verify_url: string;
}

export interface AssetProofVerification {
  serial: string;
  genuine: boolean;
  /** 'genuine' | 'code_mismatch' | 'not_found' | 'malformed' (a serial whose check character is wrong: altered). */
  verdict: 'genuine' | 'code_mismatch' | 'not_found' | 'malformed';
  date: string | null;
  total: string | null;
  holder: string | null;
  issued_at: string | null;
  issuer: string | null;
}
