// The advisory's second job of each business date (issue 23), after the settlement and the auto-invest runs: the
// automatic followers follow the day's departures (ordinary orders, placed at the start of the day as auto-invest's
// runs are), the fee accrues for the day, and on the first trading day of a quarter it is charged. Idempotent per date.
import { simulatedBank } from '../services/bank';
import { runAdvisoryDay } from '../services/advisory';
import type { Job } from './scheduler';

export const advisoryDayJob: Job = {
  name: 'advisory-day',
  async run(ctx, date) {
    const report = await runAdvisoryDay(ctx.db, ctx.bank ?? simulatedBank(), date);
    return { ...report };
  },
};
