// The order of each business date's jobs: the market's NAVs, the trading settlement priced at them (money-market
// income its last step), then the auto-invest plans due that day, then the privacy policy's retention periods. The
// activities (issue 25: lump-sum bookings placed as subscriptions, the competitions' virtual portfolios) run after the
// NAVs and before the settlement, so a booking placed on its date is settled with the others.
import { activitiesJob } from './activities';
import { advisoryJob } from './advisory';
import { advisoryDayJob } from './advisory-day';
import { publishMarketJob } from './publish-market';
import { retentionJob } from './retention';
import { runPlansJob } from './run-plans';
import { settleTradesJob } from './settle-trades';
import type { Job } from './scheduler';

export const DAILY_JOBS: readonly Job[] = [
  publishMarketJob,
  advisoryJob,
  activitiesJob,
  settleTradesJob,
  runPlansJob,
  advisoryDayJob,
  retentionJob,
];
