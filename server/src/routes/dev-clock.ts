// Development only (absent when NODE_ENV=production): read and move the business clock. Moving it runs
// every daily job that fell due on each day passed, in order, before answering.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { calendarDaysBetween, orderTradeDate } from '../domain/calendar';
import { shanghaiDate, shanghaiIso } from '../domain/clock';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { isMovableClock, saveClockOffset } from '../services/business-clock';

const DAY_MS = 86_400_000;
export const MAX_ADVANCE_DAYS = 400;

const ClockAnswer = Type.Object({
  now: Type.String({ description: 'business time, ISO 8601 with +08:00' }),
  trade_date: Type.String({ description: 'trade date T of an order placed now (YYYY-MM-DD)' }),
  offset_days: Type.Number({ description: 'how far business time is ahead of the wall clock, in days' }),
  jobs_through: Type.Union([Type.String(), Type.Null()], { description: 'the last business date whose daily jobs have all run' }),
});

const devClockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.nodeEnv === 'production') return;

  const answer = async () => {
    const now = app.clock.now();
    return ok({
      now: shanghaiIso(now),
      trade_date: orderTradeDate(now),
      offset_days: isMovableClock(app.clock) ? Math.round((app.clock.offsetMs() / DAY_MS) * 100) / 100 : 0,
      jobs_through: await app.jobs.jobsThrough(),
    });
  };

  app.get(
    '/__dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only (absent when NODE_ENV=production): the business clock',
        response: { 200: EnvelopeOf(ClockAnswer) },
      },
    },
    answer,
  );

  app.post(
    '/__dev/clock/advance',
    {
      schema: {
        tags: ['dev'],
        summary: `Development only: move business time forward \`days\` calendar days (1–${MAX_ADVANCE_DAYS}) and run every daily job that fell due, in order`,
        body: Type.Object({ days: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_DAYS }) }),
        response: { 200: EnvelopeOf(ClockAnswer), 400: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => {
      const clock = app.clock;
      if (!isMovableClock(clock)) throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 409);
      // The schema's coercion lets 'Infinity' through as a number: only a whole number of days in range moves.
      const { days } = request.body;
      if (!Number.isSafeInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400);
      }
      const before = shanghaiDate(clock.now());
      clock.advance(days * DAY_MS);
      await saveClockOffset(app.db.kysely, clock.offsetMs());
      const report = await app.jobs.runDue();
      request.log.info(
        { from: before, days: calendarDaysBetween(before, shanghaiDate(clock.now())), runs: report.runs.length },
        'business clock advanced',
      );
      return answer();
    },
  );
};

export default devClockRoutes;
