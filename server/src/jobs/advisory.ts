// The advisory job of each business date (issue 23), after the NAVs are published: the advisors' departures of the
// date (market/advisory-sync.ts). Idempotent per date.
import { departureDates } from '../market/advisory';
import { syncAdvisory } from '../market/advisory-sync';
import type { Job } from './scheduler';

export const advisoryJob: Job = {
  name: 'advisory',
  async run(ctx, date) {
    // Departures fall on the first trading day of a month, and the scheduler runs this job for every date in order
    // (the seed wrote those before it): any other date has none to add — nothing is read (most business dates).
    if (departureDates(date, date).length === 0) return { departures: 0 };
    const synced = await syncAdvisory(ctx.db.kysely, date);
    if (synced.departures > 0) ctx.marketChanged();
    return { departures: synced.departures };
  },
};
