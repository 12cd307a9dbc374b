// The advisory job of each business date (issue 23), after the NAVs are published: the advisors' departures of the
// date (market/advisory-sync.ts). Idempotent per date.
import { syncAdvisory } from '../market/advisory-sync';
import type { Job } from './scheduler';

export const advisoryJob: Job = {
  name: 'advisory',
  async run(ctx, date) {
    const synced = await syncAdvisory(ctx.db.kysely, date);
    if (synced.departures > 0) ctx.marketChanged();
    return { departures: synced.departures };
  },
};
