import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AGREEMENTS } from '../../../src/lib/agreements';
import { brandToWire } from '../../../src/lib/brand';
import {
  SERVICE_MESSAGE_MAX,
  SERVICE_MESSAGE_MIN,
  SERVICE_MESSAGES_PER_HOUR,
  SERVICE_TOPICS,
  isServiceTopic,
  maskContact,
  serviceContactProblem,
  serviceMessageProblem,
} from '../../../src/lib/service-message';
import { clientKey } from '../http/client-address';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok } from '../http/envelope';
import { limitPerIp } from '../http/forms';
import { ResultCode, type ServerMessageKey } from '../http/result-codes';
import { requireUser, userOf } from '../plugins/session';
import { listAcceptances, saveServiceMessage } from '../services/legal';

/**
 * Issue 17: the operator's brand (public), the investor's agreement acceptances, and the customer-service form.
 * The acceptances are written by the opening call (routes/account-opening.ts); here they are only read.
 */

const BrandView = Type.Object({
  name: Type.String(),
  name_en: Type.String(),
  short_name: Type.String(),
  logo: Type.String(),
  licence: Type.String(),
  company: Type.String(),
  address: Type.String(),
  service_phone: Type.String(),
  service_hours: Type.String(),
  service_hours_en: Type.String(),
  privacy_email: Type.String(),
  demo: Type.Boolean(),
});

const AgreementView = Type.Object({ id: Type.String(), version: Type.String(), effective_date: Type.String() });
const AcceptanceView = Type.Object({
  agreement_id: Type.String(),
  version: Type.String(),
  context: Type.String(),
  accepted_at: Type.String({ description: 'ISO 8601' }),
});

const PROBLEM_MESSAGES: Record<string, ServerMessageKey> = {
  messageEmpty: 'serviceMessageEmpty',
  messageShort: 'serviceMessageShort',
  messageLong: 'serviceMessageLong',
  contactInvalid: 'serviceContactInvalid',
  topicInvalid: 'serviceTopicInvalid',
};

const refuseMessage = (problem: string): ApiError =>
  ApiError.of(ResultCode.SERVICE_MESSAGE_INVALID, PROBLEM_MESSAGES[problem] ?? 'serviceMessageEmpty', 400, {
    min: SERVICE_MESSAGE_MIN,
    max: SERVICE_MESSAGE_MAX,
  });

const legalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/djapi/platform/brand',
    {
      schema: {
        tags: ['platform'],
        summary: "The operator's brand: name, licence line, service phone and hours, the agreements' company; demo = money is simulated",
        description:
          'Set by BRAND_FILE (followed while running) and DEMO_NOTICE (docs/DEPLOY.md "Brand"); inlined in every H5 page\'s HTML.',
        response: { 200: EnvelopeOf(BrandView) },
      },
    },
    async () => ok(brandToWire(app.brand.current())),
  );

  app.get(
    '/djapi/account/agreements',
    {
      schema: {
        tags: ['account'],
        summary: "The current agreements (id, version, effective date) and the logged-in investor's acceptances, newest first",
        response: { 200: EnvelopeOf(Type.Object({ current: Type.Array(AgreementView), accepted: Type.Array(AcceptanceView) })) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const accepted = await listAcceptances(app.db.kysely, user.userId);
      return ok({
        current: AGREEMENTS.map((a) => ({ id: a.id, version: a.version, effective_date: a.effectiveDate })),
        accepted: accepted.map((a) => ({
          agreement_id: a.agreementId,
          version: a.version,
          context: a.context,
          accepted_at: a.acceptedAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/djapi/service/messages',
    {
      schema: {
        tags: ['platform'],
        summary: 'The customer-service form: a topic, the message (5–500 characters) and a mobile number or e-mail to answer at',
        description: `Logged in or not; ${SERVICE_MESSAGES_PER_HOUR} messages per hour per client address. The contact is stored encrypted.`,
        body: Type.Object({
          topic: Type.Optional(Type.String({ maxLength: 16, description: SERVICE_TOPICS.join(', ') })),
          message: Type.Optional(Type.String({ maxLength: 4000 })),
          contact: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: {
          200: EnvelopeOf(Type.Object({ ticket: Type.String(), contact_masked: Type.String() })),
          '4xx': ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const topic = (request.body.topic ?? 'other').trim() || 'other';
      const message = (request.body.message ?? '').trim();
      const contact = (request.body.contact ?? '').trim();
      if (!isServiceTopic(topic)) throw refuseMessage('topicInvalid');
      const problem = serviceMessageProblem(message) ?? serviceContactProblem(contact);
      if (problem) throw refuseMessage(problem);
      // Counted once the form is valid, so a typo corrected does not use up the hour's budget.
      await limitPerIp(request, 'service-message', { max: SERVICE_MESSAGES_PER_HOUR, windowMs: 3_600_000 });
      const user = await userOf(request);
      const id = await saveServiceMessage(app.db.kysely, app.personalData, {
        userId: user?.userId ?? null,
        topic,
        message,
        contact,
        ip: clientKey(request.ip),
        now: app.clock.now(),
      });
      return ok({ ticket: `KF${String(id).padStart(8, '0')}`, contact_masked: maskContact(contact) });
    },
  );
};

export default legalRoutes;
