// Job 4 of each business date: the privacy policy's retention periods (services/retention.ts) — expired tokens,
// codes, devices and throttles, old usage statistics, answered service messages after 3 years, closed accounts after
// 20. Idempotent per date: every cut-off derives from the date.
import { applyRetention } from '../services/retention';
import type { Job } from './scheduler';

export const retentionJob: Job = {
  name: 'retention',
  async run(ctx, date) {
    const report = await applyRetention(ctx.db.kysely, date);
    return { ...report };
  },
};
