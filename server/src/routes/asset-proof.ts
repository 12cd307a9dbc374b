// The asset proof over HTTP (issue 25, docs/PRODUCT.md §7.4): issue one for a date, download its PDF (the owner
// only), and the public verification a third party reads with the serial and its code. HTTP only: the figures are
// services/asset-proof.ts, the PDF services/asset-proof-pdf.ts.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AssetProofIssued, AssetProofVerification } from '../../../src/lib/api-types/activity';
import { fenToYuan } from '../../../src/lib/money';
import { ActivityRefusal } from '../domain/activity-refusal';
import { answerActivity } from '../http/activity-errors';
import { EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { limitPerIp } from '../http/forms';
import { requireUser } from '../plugins/session';
import { issueProof, loadProof, verifyProof, type IssuedProof } from '../services/asset-proof';
import { renderProofPdf } from '../services/asset-proof-pdf';

const AnyData = Type.Unknown();
const errors = { '4xx': ErrorEnvelopeWithData, '5xx': ErrorEnvelopeWithData };
const Serial = Type.String({ pattern: '^[A-Za-z0-9]{1,40}$' });
/** Drawing a PDF costs the server tens of milliseconds to a second: a budget per client. */
const PROOFS_PER_IP = { max: 30, windowMs: 10 * 60 * 1000 } as const;

/** The public verification page of a serial, on the site the request came to. */
function verifyUrlOf(request: FastifyRequest, serial: string): string {
  return `${request.protocol}://${request.host}/n/asset-proof/verify/${serial}`;
}

function issuedAnswer(request: FastifyRequest, proof: IssuedProof): AssetProofIssued {
  return {
    serial: proof.serial,
    verify_code: proof.verifyCode,
    date: proof.asOf,
    total: fenToYuan(proof.figures.totalFen),
    pdf_url: `/djapi/account/asset-proof/${proof.serial}.pdf`,
    verify_url: verifyUrlOf(request, proof.serial),
  };
}

const assetProofRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/djapi/account/asset-proof',
    {
      schema: {
        tags: ['account'],
        summary:
          'Issues an asset proof (资产证明) for a date from the account’s opening to today: the holdings, 现金宝 and money in transit from the ledger as of that date’s end, equal to GET /djapi/holding/summary then; answers serial, verify_code, total',
        body: Type.Object({
          date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
          lang: Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')])),
        }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'asset-proof', PROOFS_PER_IP);
      return answerActivity(request, async () => {
        const lang = request.body.lang ?? requestLocale(request);
        const proof = await issueProof(app.db.kysely, app.personalData, {
          userId: user.userId,
          asOf: request.body.date,
          lang,
          now: app.clock.now(),
        });
        return ok(issuedAnswer(request, proof));
      });
    },
  );

  app.get(
    '/djapi/account/asset-proofs',
    {
      schema: {
        tags: ['account'],
        summary: 'The investor’s asset proofs, newest first',
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await app.db.kysely
        .selectFrom('asset_proofs')
        .select(['serial', 'verify_code', 'as_of', 'total_fen', 'lang', 'issued_at'])
        .where('user_id', '=', user.userId)
        .orderBy('issued_at', 'desc')
        .limit(20)
        .execute();
      return ok({
        items: rows.map((r) => ({
          serial: r.serial,
          verify_code: r.verify_code,
          date: r.as_of,
          total: fenToYuan(Number(r.total_fen)),
          lang: r.lang,
          issued_at: r.issued_at.toISOString(),
          pdf_url: `/djapi/account/asset-proof/${r.serial}.pdf`,
          verify_url: verifyUrlOf(request, r.serial),
        })),
      });
    },
  );

  app.get(
    '/djapi/account/asset-proof/:file',
    {
      schema: {
        tags: ['account'],
        summary: 'The PDF of one of the investor’s asset proofs (`{serial}.pdf`); someone else’s serial reads as none',
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9]{1,40}\\.pdf$' }) }),
        response: { 200: Type.Unknown({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'asset-proof', PROOFS_PER_IP);
      return answerActivity(request, async () => {
        const serial = request.params.file.slice(0, -4);
        const proof = await loadProof(app.db.kysely, user.userId, serial);
        if (!proof) throw new ActivityRefusal('assetProofNotFound');
        const pdf = await renderProofPdf(proof, app.brand.current(), verifyUrlOf(request, proof.serial));
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="asset-proof-${proof.serial}.pdf"`);
        reply.header('cache-control', 'private, no-store');
        return reply.send(pdf);
      });
    },
  );

  app.get(
    '/djapi/asset-proof/verify/:serial',
    {
      schema: {
        tags: ['account'],
        summary:
          'Public verification of an asset proof: with its code, genuine (date, total, masked holder) or not — the code does not match, no such proof, or a serial whose check digits fail (altered)',
        params: Type.Object({ serial: Serial }),
        querystring: Type.Object({ code: Type.Optional(Type.String({ maxLength: 20 })) }),
        response: { 200: EnvelopeOf(AnyData), ...errors },
      },
    },
    async (request) => {
      await limitPerIp(request, 'asset-proof-verify', PROOFS_PER_IP);
      const { serial } = request.params;
      const result = await verifyProof(app.db.kysely, serial, request.query.code);
      const brand = app.brand.current();
      const answer: AssetProofVerification = {
        serial,
        genuine: result.verdict === 'genuine',
        verdict: result.verdict,
        date: result.proof?.asOf ?? null,
        total: result.proof ? fenToYuan(result.proof.totalFen) : null,
        holder: result.proof?.holder ?? null,
        issued_at: result.proof?.issuedAt.toISOString() ?? null,
        issuer: result.proof ? (requestLocale(request) === 'en-US' ? brand.nameEn : brand.name) : null,
      };
      return ok(answer);
    },
  );
};

export default assetProofRoutes;
