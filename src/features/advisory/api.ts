// The advisory calls (server/src/routes/advisory.ts; docs/PRODUCT.md §7.5). Answers typed by src/lib/api-types/advisory.ts;
// errors come back as ApiError with the server's message.
import type {
  AdvisorList,
  Advisor,
  DepartureDetail,
  DepartureHistory,
  KycQuestionnaire,
  PlanHolding,
  PlanIndicator,
  PlanNavHistory,
  PlanOrder,
  PlanPositions,
  PlanSummary,
} from '@/lib/api-types/advisory';
import { ApiError, HttpError, get, post } from '@/platform/http';
import { t } from '@/locales/advisory';
import { requiredFields as shaped } from '@/lib/answer-shape';
export { newRequestId } from '@/components/purchase/request-id';
export { encryptTradePassword } from '@/components/purchase/purchase-password';
export { resultCodeOf } from '@/components/purchase/purchase-errors';

const SILENT = { silent: true } as const;
const enc = encodeURIComponent;

/** Result codes the screens branch on (docs/PRODUCT.md §8.4). */
export const ADVISORY_CODES = {
  planNotFound: 91003,
  notFound: 430000,
  kycRequired: 430001,
  riskAboveLevel: 430002,
  notSigned: 430003,
  wrongPassword: 400051,
  accountNotOpened: 410001,
} as const;

/** A plan code (TIA06001) or an advisor code (XSTG): /ic/{code} shows either. */
export const isPlanCode = (code: string): boolean => /^[A-Z]{3}\d{5}$/.test(code);

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('advisory.error');
  if (error instanceof HttpError) return error.message;
  return String(error);
}

export const getAdvisors = () => get<AdvisorList>('/djapi/ic/list', undefined, SILENT).then(shaped(['items']));
export const getAdvisor = (code: string) =>
  get<Advisor>(`/djapi/ic/${enc(code)}`, undefined, SILENT).then(shaped(['advisor_code', 'plans']));
export const getPlan = (code: string) =>
  get<PlanSummary>(`/djapi/plan/${enc(code)}`, undefined, SILENT).then(shaped(['plan_code', 'plan_name']));
export const getPlanNav = (code: string, size = 250) =>
  get<PlanNavHistory>(`/djapi/plan/nav/history/${enc(code)}`, { page: '1', size: String(Math.min(size, 100)) }, SILENT).then(
    shaped(['items']),
  );
export const getPlanIndicator = (code: string) =>
  get<PlanIndicator>('/djapi/plan/nav/indicator', { plan_code: code }, SILENT).then(shaped(['max_drawdown']));
export const getPositions = (code: string) =>
  get<PlanPositions>('/djapi/plan/position/detail', { plan_code: code }, SILENT).then(shaped(['items']));
export const getDepartures = (code: string) =>
  get<DepartureHistory>(`/djapi/plan/${enc(code)}/trade_history`, { page: '1', size: '20' }, SILENT).then(shaped(['items']));
export const getLatestDeparture = (code: string) =>
  get<DepartureDetail>(`/djapi/plan/${enc(code)}/departure/latest`, undefined, SILENT).then(shaped(['trading_id', 'trading_elements']));
/** One departure (departure_detail), with the investor's follow status. */
export const getDeparture = (code: string, tradingId: string) =>
  get<DepartureDetail>(`/djapi/plan/${enc(code)}/departure/${enc(tradingId)}`, undefined, SILENT).then(
    shaped(['trading_id', 'trading_elements']),
  );
export const getKyc = () => get<KycQuestionnaire>('/djapi/ic/kyc', undefined, SILENT).then(shaped(['questions']));
export const postKyc = (answers: Record<string, string>) =>
  post<{ tolerance: number }>('/djapi/ic/kyc', { answers: JSON.stringify(answers) }, SILENT);
export const signPlan = (form: {
  planCode: string;
  amountPerPortion: string;
  autoFollow: boolean;
  encryptedPassword: string;
  requestId: string;
}) =>
  post<{ plan_code: string; refresh_user_privilege: boolean }>(
    '/djapi/ic/sign',
    {
      plan_code: form.planCode,
      amount_per_portion: form.amountPerPortion,
      auto_follow: form.autoFollow ? '1' : '0',
      agreements: 'advisory_service,advisory_risk_disclosure',
      trade_password: form.encryptedPassword,
      request_id: form.requestId,
    },
    SILENT,
  );
export const setAutoFollow = (planCode: string, on: boolean) =>
  post<{ auto_follow: boolean }>('/djapi/ic/auto-follow', { plan_code: planCode, on: on ? '1' : '0' }, SILENT);
export const buyPlan = (form: { planCode: string; tradingId?: string; encryptedPassword: string; requestId: string }) =>
  post<{ order_id: string; order: PlanOrder }>(
    '/djapi/order/plan/buy',
    {
      plan_code: form.planCode,
      ...(form.tradingId ? { trading_id: form.tradingId } : {}),
      request_id: form.requestId,
      trade_password: form.encryptedPassword,
    },
    SILENT,
  );
/** 升级投顾 (267): the investor's own shares of the portfolio's funds moved into the signed account, no redemption. */
export const upgradePlan = (form: { planCode: string; encryptedPassword: string; requestId: string }) =>
  post<{ order_id: string; order: PlanOrder }>(
    '/djapi/ic/upgrade',
    { plan_code: form.planCode, request_id: form.requestId, trade_password: form.encryptedPassword },
    SILENT,
  );
export const getHolding = (code: string) => get<PlanHolding>(`/djapi/holding/plan/${enc(code)}`, undefined, SILENT).then(shaped(['items']));
