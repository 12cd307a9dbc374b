// Job 2 of each business date: the trading settlement (server/src/services/settlement.ts), after the NAVs it
// prices at are published; then the ledger's invariants must hold, or the job fails (and runs again next time,
// holding back the later dates) so nothing builds on a ledger that does not balance.
import { checkLedger } from '../ledger/check';
import { settleTrades } from '../services/settlement';
import type { Job } from './scheduler';

export const settleTradesJob: Job = {
  name: 'settle-trades',
  async run(ctx, date) {
    const report = await settleTrades(ctx.db, date, ctx.clock.now());
    if (process.env.LEDGER_CHECK !== 'off') {
      const violations = await checkLedger(ctx.db.kysely);
      if (violations.length > 0) {
        throw new Error(
          `ledger invariants broken after settling ${date}: ${violations
            .slice(0, 5)
            .map((v) => `${v.rule}: ${v.detail}`)
            .join('; ')}`,
        );
      }
    }
    return { ...report };
  },
};
