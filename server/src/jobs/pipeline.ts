// The order of each business date's jobs. Later issues add theirs here: the trading settlement (after the
// NAVs it prices at), money-market income, auto-invest plans.
import { publishMarketJob } from './publish-market';
import { settleTradesJob } from './settle-trades';
import type { Job } from './scheduler';

export const DAILY_JOBS: readonly Job[] = [publishMarketJob, settleTradesJob];
