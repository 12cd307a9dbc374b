// The order of each business date's jobs: the market's NAVs, the trading settlement priced at them (money-market
// income its last step), then the auto-invest plans due that day.
import { publishMarketJob } from './publish-market';
import { runPlansJob } from './run-plans';
import { settleTradesJob } from './settle-trades';
import type { Job } from './scheduler';

export const DAILY_JOBS: readonly Job[] = [publishMarketJob, settleTradesJob, runPlansJob];
