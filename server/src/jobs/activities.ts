// Job 2 of each business date, after the NAVs through the day before are published and before the settlement:
// the lump-sum bookings of raisings that start (placed as subscriptions, T = the date), then the competitions
// (rebalances priced at T's NAV, every portfolio valued, a finished contest's ranking frozen). Idempotent per date.
import { simulatedBank } from '../services/bank';
import { runCompetitions } from '../services/competition';
import { runBookings } from '../services/lump-sum';
import type { Job } from './scheduler';

export const activitiesJob: Job = {
  name: 'activities',
  async run(ctx, date) {
    const now = ctx.clock.now();
    const bookings = await runBookings(ctx.db, ctx.bank ?? simulatedBank(), date, now);
    const contests = await runCompetitions(ctx.db, date, now);
    return { ...bookings, ...contests };
  },
};
