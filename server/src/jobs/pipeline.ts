// The order of each business date's jobs: the market's NAVs, the trading settlement priced at them (money-market
// income its last step), then the auto-invest plans due that day, then the privacy policy's retention periods.
import { publishMarketJob } from './publish-market';
import { retentionJob } from './retention';
import { runPlansJob } from './run-plans';
import { settleTradesJob } from './settle-trades';
import type { Job } from './scheduler';

export const DAILY_JOBS: readonly Job[] = [publishMarketJob, settleTradesJob, runPlansJob, retentionJob];
