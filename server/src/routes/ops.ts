import { createHash, timingSafeEqual } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok, sendError } from '../http/envelope';
import { limitPerIp } from '../http/forms';
import { pathOf } from '../http/request-url';
import { ResultCode } from '../http/result-codes';
import { PageNumber, StringEnum } from '../http/schemas';
import { listServiceMessages, markServiceMessage } from '../services/service-desk';
import { answerActivity } from '../http/activity-errors';
import { listActivities, publicActivity, saveActivity } from '../services/activities';
import { failRaising } from '../services/lump-sum';

/**
 * Staff routes (issue 17): the customer-service messages with their contact decrypted, and marking one answered. The
 * only staff access this project has: a bearer token, OPERATOR_TOKEN (docs/DEPLOY.md, docs/SECURITY.md "Staff
 * routes"), compared in constant time; without it set the routes answer 404 as if they did not exist. Every request
 * counts toward a per-client budget (guessing the token costs requests), and every answered call is logged with
 * what it touched (the audit trail the privacy policy promises: "员工访问个人信息实行最小授权和审计").
 */

export const OPS_PREFIX = '/ops/';
/** Per client, whether the token is right or not. */
const OPS_PER_IP = { max: 120, windowMs: 10 * 60 * 1000 } as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <token>` with exactly this token (constant time). */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  // Digests first: equal lengths for timingSafeEqual, and no early exit on a length difference.
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

async function operatorOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.server.config.operatorToken;
  if (!token) {
    // Disabled: the route does not exist, exactly as a path nobody registered.
    await sendError(
      request,
      reply,
      ApiError.of(ResultCode.NOT_FOUND, 'notFound', 404, { method: request.method, path: pathOf(request.url).slice(0, 200) }),
    );
    return;
  }
  await limitPerIp(request, 'ops', OPS_PER_IP);
  if (bearerMatches(request, token)) return;
  request.log.warn({ ops: 'refused', path: pathOf(request.url).slice(0, 200) }, 'staff route: bad operator token');
  reply.header('www-authenticate', 'Bearer');
  await sendError(request, reply, ApiError.of(ResultCode.OPERATOR_UNAUTHORIZED, 'operatorUnauthorized', 401));
}

const StaffMessage = Type.Object({
  id: Type.String(),
  ticket: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  topic: Type.String(),
  message: Type.String(),
  contact: Type.String({ description: 'decrypted: staff only' }),
  status: Type.String(),
  created_at: Type.String(),
  handled_at: Type.Union([Type.String(), Type.Null()]),
  staff_note: Type.Union([Type.String(), Type.Null()]),
});

const errors = { '4xx': ErrorEnvelope };

const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', operatorOnly);

  app.get(
    '/ops/service-messages',
    {
      schema: {
        tags: ['ops'],
        summary: 'Staff: customer-service messages, oldest first, with the contact decrypted (Authorization: Bearer OPERATOR_TOKEN)',
        querystring: Type.Object({
          status: Type.Optional(StringEnum(['new', 'answered', 'closed', 'all'] as const)),
          page: Type.Optional(PageNumber),
          size: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9]\\d|100)$' })),
        }),
        response: {
          200: EnvelopeOf(
            Type.Object({ total: Type.Integer(), page: Type.Integer(), size: Type.Integer(), items: Type.Array(StaffMessage) }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const status = request.query.status ?? 'new';
      const page = Number(request.query.page ?? 1);
      const size = Number(request.query.size ?? 50);
      const { total, items } = await listServiceMessages(app.db.kysely, app.personalData, { status, page, size });
      request.log.info({ ops: 'service-messages.list', status, page, ids: items.map((m) => m.id) }, 'staff read service messages');
      return ok({
        total,
        page,
        size,
        items: items.map((m) => ({
          id: String(m.id),
          ticket: m.ticket,
          user_id: m.userId === null ? null : String(m.userId),
          topic: m.topic,
          message: m.message,
          contact: m.contact,
          status: m.status,
          created_at: m.createdAt.toISOString(),
          handled_at: m.handledAt ? m.handledAt.toISOString() : null,
          staff_note: m.staffNote,
        })),
      });
    },
  );

  app.post(
    '/ops/service-messages/:id/answer',
    {
      schema: {
        tags: ['ops'],
        summary: 'Staff: marks a message answered (or closed) with a note; it is then kept 3 years (the privacy policy)',
        params: Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,15}$' }) }),
        body: Type.Object({
          status: Type.Optional(StringEnum(['answered', 'closed'] as const)),
          note: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String(), status: Type.String(), handled_at: Type.String() })), ...errors },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const status = request.body.status ?? 'answered';
      const note = request.body.note?.trim() || null;
      const now = app.clock.now();
      if (!Number.isSafeInteger(id) || !(await markServiceMessage(app.db.kysely, { id, status, note, now })))
        throw ApiError.of(ResultCode.NOT_FOUND, 'serviceMessageNotFound', 404, { id: request.params.id });
      request.log.info({ ops: 'service-messages.answer', id, status }, 'staff handled a service message');
      return ok({ id: String(id), status, handled_at: now.toISOString() });
    },
  );

  // Activities (issue 25): the operator's rows, written as JSON (the same file `npm run activity:set` takes).
  app.get(
    '/ops/activities',
    {
      schema: {
        tags: ['ops'],
        summary: 'Staff: every activity (withdrawn ones too) with its configuration',
        response: { 200: EnvelopeOf(Type.Unknown()), ...errors },
      },
    },
    async () => {
      const now = app.clock.now();
      const rows = await listActivities(app.db.kysely, { includeWithdrawn: true });
      return ok({ items: rows.map((a) => ({ ...publicActivity(a, now), status: a.status, priority: a.priority, config: a.config })) });
    },
  );

  app.put(
    '/ops/activities/:id',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Staff: writes an activity (JSON: kind, starts_at, ends_at, texts {title, subtitle, rules} in zh and en, config by kind, status, priority); 420003 names a wrong field',
        params: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) }),
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: EnvelopeOf(Type.Unknown()), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const now = app.clock.now();
        const saved = await saveActivity(app.db.kysely, { ...(request.body as Record<string, unknown>), id: request.params.id }, now);
        request.log.info({ ops: 'activities.save', id: saved.id, kind: saved.kind }, 'staff wrote an activity');
        return ok({ ...publicActivity(saved, now), status: saved.status, priority: saved.priority, config: saved.config });
      }),
  );

  app.post(
    '/ops/funds/:code/raising-failed',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Staff: the fund company announced the raising failed (募集失败): subscriptions stop, bookings end, and on the founding date every subscription is refunded with interest at `interest_rate` percent a year (default 0.35)',
        params: Type.Object({ code: Type.String({ pattern: '^\\d{6}$' }) }),
        body: Type.Object({ interest_rate: Type.Optional(Type.String({ pattern: '^\\d{1,2}(\\.\\d{1,4})?$' })) }),
        response: { 200: EnvelopeOf(Type.Unknown()), ...errors },
      },
    },
    async (request) =>
      answerActivity(request, async () => {
        const rate = request.body.interest_rate ?? '0.35';
        await failRaising(app.db.kysely, request.params.code, rate, app.clock.now());
        request.log.info({ ops: 'funds.raising-failed', code: request.params.code }, 'staff recorded a failed raising');
        return ok({ fd_code: request.params.code, outcome: 'failed', interest_rate: rate });
      }),
  );
};

export default opsRoutes;
