// Job 3 of each business date: auto-invest (定投) — every running plan due that day places its purchase (T = the
// run date), after the settlement of the day (services/auto-invest.ts). Idempotent per (plan, date).
import { runDuePlans } from '../services/auto-invest';
import { simulatedBank } from '../services/bank';
import type { Job } from './scheduler';

export const runPlansJob: Job = {
  name: 'run-plans',
  async run(ctx, date) {
    const report = await runDuePlans(ctx.db, ctx.bank ?? simulatedBank(), date, ctx.clock.now());
    return { ...report };
  },
};
