// Job 1 of each business date: publish the market's new trading days — index bars and valuations, every
// live fund's NAV (money-market funds' per-10k income and 7-day yield), their period returns — through the
// day before the date being run (a trading day's NAVs are published after its close, so by the next
// morning). The generated market only; imported NAVs come through `npm run import`.
import { sql } from 'kysely';
import { addCalendarDays } from '../domain/calendar';
import { extendMarket } from '../market/extend';
import type { Job } from './scheduler';

export const publishMarketJob: Job = {
  name: 'publish-market',
  coversRange: true,
  async run(ctx, _date, through) {
    const result = await extendMarket(ctx.db, addCalendarDays(through, -1));
    // A fund in its building period opens for ordinary purchases once it is founded.
    const founded = await sql`
      UPDATE fund SET sale_status = 'on_sale', status_reason = '' WHERE sale_status = 'building' AND found_date <= ${through}`.execute(
      ctx.db.kysely,
    );
    const opened = Number(founded.numAffectedRows ?? 0);
    if (result.days > 0 || result.navRows > 0 || opened > 0) ctx.marketChanged();
    return { days: result.days, nav_rows: result.navRows, funds_founded: opened };
  },
};
