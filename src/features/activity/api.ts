// The activity calls (server/src/routes/activities.ts, asset-proof.ts; docs/PRODUCT.md §7.4). Answers are typed by
// src/lib/api-types/activity.ts; errors come back as ApiError with the server's message.
import type {
  ActivityList,
  AssetProofIssued,
  AssetProofVerification,
  CompetitionFund,
  CompetitionPage,
  CompetitionPosition,
  CompetitionRanking,
  Coupon,
  LumpSumBooking,
  LumpSumPage,
  RegCouponPage,
} from '@/lib/api-types/activity';
import { ApiError, HttpError, get, post } from '@/platform/http';
import { t } from '@/locales/activity';
export { newRequestId } from '@/components/purchase/request-id';
export { encryptTradePassword } from '@/components/purchase/purchase-password';
export { resultCodeOf } from '@/components/purchase/purchase-errors';

const SILENT = { silent: true } as const;

/** An answer without the fields a screen reads is a failure (the error box), never a crash on a missing field. */
function shaped<T>(keys: readonly string[]): (answer: T) => T {
  return (answer) => {
    const record = answer as unknown as Record<string, unknown> | null;
    const missing = keys.filter(
      (key) => record === null || typeof record !== 'object' || record[key] === undefined || record[key] === null,
    );
    if (missing.length > 0) throw new Error(`malformed answer: no ${missing.join(', ')}`);
    return answer;
  };
}

/** The server's message for a refusal, else a network text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('activity.notFound');
  if (error instanceof HttpError) return error.message;
  return String(error);
}

export const getActivities = () => get<ActivityList>('/djapi/activity/list', undefined, SILENT).then(shaped(['items']));

export const getLumpSum = (id?: string) =>
  get<LumpSumPage>('/djapi/activity/lsd', id ? { id } : undefined, SILENT).then(
    shaped(['activity', 'fund', 'raising', 'highlights', 'key_terms']),
  );

export const bookLumpSum = (form: { id: string; amount: string; requestId: string; encryptedPassword: string; riskConfirm?: boolean }) =>
  post<LumpSumBooking>(
    '/djapi/activity/lsd/book',
    {
      id: form.id,
      amount: form.amount,
      request_id: form.requestId,
      trade_password: form.encryptedPassword,
      ...(form.riskConfirm ? { risk_confirm: '1' } : {}),
    },
    SILENT,
  );

export const cancelBooking = (bookingId: string) => post<LumpSumBooking>('/djapi/activity/lsd/cancel', { booking_id: bookingId }, SILENT);

export const getCompetition = (id: string) =>
  get<CompetitionPage>(`/djapi/activity/competition/${encodeURIComponent(id)}`, undefined, SILENT).then(
    shaped(['activity', 'top', 'initial']),
  );

export const getCompetitionFunds = (id: string, keyword: string) =>
  get<{ items: CompetitionFund[] }>(`/djapi/activity/competition/${encodeURIComponent(id)}/funds`, { keyword }, SILENT).then(
    shaped(['items']),
  );

export const joinCompetition = (id: string) =>
  post<{ joined: boolean; cash: string }>(`/djapi/activity/competition/${encodeURIComponent(id)}/join`, {}, SILENT);

export const rebalance = (id: string, weights: string, requestId: string) =>
  post<{ rebalance_id: string; trade_date: string }>(
    `/djapi/activity/competition/${encodeURIComponent(id)}/rebalance`,
    { weights, request_id: requestId },
    SILENT,
  );

export const getPosition = (id: string) =>
  get<CompetitionPosition>(`/djapi/activity/competition/${encodeURIComponent(id)}/position`, undefined, SILENT).then(
    shaped(['positions', 'navs', 'rebalances', 'value', 'cash']),
  );

export const getRanking = (id: string, page: number, size = 20) =>
  get<CompetitionRanking>(
    `/djapi/activity/competition/${encodeURIComponent(id)}/rank`,
    { page: String(page), size: String(size) },
    SILENT,
  ).then(shaped(['items']));

export const getRegCoupon = (id: string) =>
  get<RegCouponPage>(`/djapi/activity/reg-coupon/${encodeURIComponent(id)}`, undefined, SILENT).then(
    shaped(['activity', 'funds', 'discount']),
  );

export const claimCoupon = (id: string) => post<Coupon>(`/djapi/activity/reg-coupon/${encodeURIComponent(id)}/claim`, {}, SILENT);

export const issueAssetProof = (date: string, lang: 'zh-CN' | 'en-US') =>
  post<AssetProofIssued>('/djapi/account/asset-proof', { date, lang }, SILENT).then(shaped(['serial', 'verify_code', 'pdf_url']));

export const getAssetProofs = () =>
  get<{ items: Array<AssetProofIssued & { issued_at: string; lang: string }> }>('/djapi/account/asset-proofs', undefined, SILENT).then(
    shaped(['items']),
  );

export const verifyAssetProof = (serial: string, code: string) =>
  get<AssetProofVerification>(`/djapi/asset-proof/verify/${encodeURIComponent(serial)}`, code ? { code } : undefined, SILENT).then(
    shaped(['verdict', 'serial']),
  );
