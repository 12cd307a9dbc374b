import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { requireTradePasswordPepper, type ServerConfig } from './config';
import type { Pepper } from './services/password-hash';
import { BODY_LIMIT_BYTES } from './constants';
import type { Database } from './db/database';
import type { Clock } from './domain/clock';
import { clientKey } from './http/client-address';
import { ApiError } from './http/envelope';
import { apiErrorHandler, clientErrorHandler, frameworkErrorHandler } from './http/error-handler';
import { storableInput } from './http/input-guard';
import { withSafeSerializers } from './http/log-serializers';
import { canonicalUrl } from './http/request-url';
import { ResultCode } from './http/result-codes';
import { registerDevRouteGuard } from './plugins/dev-routes';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { registerSecureApi } from './plugins/secure-api';
import type { BootHeader } from './plugins/page-html';
import { currentInlineScriptHashes, isApiPath, isPagePath, registerStaticH5 } from './plugins/static-h5';
import { registerXsrf } from './plugins/xsrf';
import accountRoutes from './routes/account';
import activityRoutes from './routes/activities';
import assetProofRoutes from './routes/asset-proof';
import pensionRoutes from './routes/pension';
import accountOpeningRoutes from './routes/account-opening';
import accountSettingsRoutes from './routes/account-settings';
import accountRiskRoutes from './routes/account-risk';
import accountPrivacyRoutes from './routes/account-privacy';
import accountWechatRoutes from './routes/account-wechat';
import devClockRoutes from './routes/dev-clock';
import discoverRoutes from './routes/discover';
import fundRoutes from './routes/fund';
import fundRecordRoutes from './routes/fund-records';
import indexValuationRoutes from './routes/index-valuation';
import legalRoutes from './routes/legal';
import opsRoutes from './routes/ops';
import platformRoutes from './routes/platform';
import autoInvestRoutes from './routes/auto-invest';
import advisoryRoutes from './routes/advisory';
import cashRoutes from './routes/cash';
import tradingRoutes from './routes/trading';
import watchlistRoutes from './routes/watchlist';
import { DAILY_JOBS } from './jobs/pipeline';
import { createScheduler, type Job, type Scheduler } from './jobs/scheduler';
import { MarketCache } from './market/market-cache';
import { loadPersonalDataCipher, type PersonalDataCipher } from './services/personal-data';
import { simulatedBank, type Bank } from './services/bank';
import { brandSourceFor, type BrandSource } from './services/brand';
import { loadServerKeys, type ServerKeys } from './services/server-keys';
import { smsProviderFor, type SmsProvider } from './services/sms';
import { wechatProviderFor, type WechatProvider } from './services/wechat';

export interface AppDeps {
  db: Database;
  clock: Clock;
  config: ServerConfig;
  /** pino options, true for defaults, false (default in tests) for silence; the safe serializers are added (http/log-serializers.ts). */
  logger?: boolean | object;
  wechat?: WechatProvider;
  sms?: SmsProvider;
  /** The market read cache (default: a new one over db and clock). */
  marketCache?: MarketCache;
  /** The cipher of personal data at rest (default: over the database's key, services/personal-data.ts). */
  personalData?: PersonalDataCipher;
  /** The daily jobs pipeline (default: DAILY_JOBS, server/src/jobs/pipeline.ts). */
  jobs?: readonly Job[];
  /** The bank behind purchases (default: the simulated bank). */
  bank?: Bank;
  /** The operator's brand as it is now (default: config.brand, followed in BRAND_FILE — services/brand.ts). */
  brand?: BrandSource;
}

// Shared things are decorators, so route plugins use `app.db.kysely`, `app.clock.now()`
// and tests swap them through AppDeps.
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    clock: Clock;
    config: ServerConfig;
    /** The key of the trade passwords' HMAC (services/password-hash.ts; config.tradePasswordPepper, required). */
    tradePasswordPepper: Pepper;
    wechat: WechatProvider;
    sms: SmsProvider;
    serverKeys: ServerKeys;
    /** The market read cache (server/src/market/market-cache.ts); `invalidate()` after changing the market in-process. */
    marketCache: MarketCache;
    /** Encrypts, decrypts and digests personal data at rest (server/src/services/personal-data.ts). */
    personalData: PersonalDataCipher;
    /** The daily jobs on the business clock (server/src/jobs). */
    jobs: Scheduler;
    /** The bank that debits investors' cards (server/src/services/bank.ts). */
    bank: Bank;
    /** The operator's brand now: `app.brand.current()`; BRAND_FILE's edits take effect without a restart. */
    brand: BrandSource;
    /** Every route registered (method + URL pattern), for tests and tooling. */
    registeredRoutes: ReadonlyArray<RegisteredRoute>;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Property names of the querystring and body schemas (the fuzz test aims at them). */
  queryKeys: string[];
  bodyKeys: string[];
}

function setNosniff(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('x-content-type-options', 'nosniff');
  done();
}

function schemaKeys(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties, anyOf } = schema as { properties?: Record<string, unknown>; anyOf?: unknown[] };
  return [...Object.keys(properties ?? {}), ...(anyOf ?? []).flatMap(schemaKeys)];
}

/** Route plugins, each registering its own full paths (the spec's prefixes differ per call). */
const routePlugins: FastifyPluginAsync[] = [
  devClockRoutes,
  platformRoutes,
  accountRoutes,
  fundRoutes,
  fundRecordRoutes,
  indexValuationRoutes,
  discoverRoutes,
  watchlistRoutes,
  accountOpeningRoutes,
  accountSettingsRoutes,
  accountRiskRoutes,
  accountWechatRoutes,
  tradingRoutes,
  cashRoutes,
  autoInvestRoutes,
  legalRoutes,
  accountPrivacyRoutes,
  opsRoutes,
  activityRoutes,
  assetProofRoutes,
  advisoryRoutes,
  pensionRoutes,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Production refuses to start without the trade passwords' pepper (docs/DEPLOY.md); elsewhere it has a default.
  const tradePasswordPepper = requireTradePasswordPepper(config);
  const app = Fastify({
    // Logs hold no query strings, bodies, addresses, SQL parameters or quoting error messages (docs/SECURITY.md "Logs").
    logger: withSafeSerializers(deps.logger ?? false),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fund codes and paths never need more; longer is junk.
    routerOptions: { maxParamLength: 200 },
    // Every decision (route, secure-API list, rate limit, page or API) is made on one canonical URL: escapes of
    // unreserved characters decoded, dot segments resolved, absolute-form reduced (http/request-url.ts).
    rewriteUrl: (raw) => canonicalUrl(raw.url ?? '/'),
    // A URL the router cannot decode, or an unreadable HTTP request: our envelope, not Fastify's body.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // storableInput: validated values are finite numbers and text PostgreSQL can store (http/input-guard.ts).
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false }, plugins: [storableInput] },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', deps.db);
  app.decorate('clock', deps.clock);
  app.decorate('config', config);
  app.decorate('tradePasswordPepper', tradePasswordPepper);
  app.decorate('wechat', deps.wechat ?? wechatProviderFor(config));
  app.decorate('sms', deps.sms ?? smsProviderFor(config, (line) => app.log.info(line)));
  app.decorate('serverKeys', await loadServerKeys(deps.db.kysely));
  app.addHook('onClose', () => app.serverKeys.close());
  app.decorate('marketCache', deps.marketCache ?? new MarketCache(deps.db, deps.clock));
  app.decorate('personalData', deps.personalData ?? (await loadPersonalDataCipher(deps.db.kysely)));
  app.decorate('bank', deps.bank ?? simulatedBank());
  app.decorate('brand', deps.brand ?? brandSourceFor(config, (line) => app.log.warn(line)));
  app.decorate(
    'jobs',
    createScheduler(
      {
        db: deps.db,
        clock: deps.clock,
        bank: app.bank,
        marketChanged: () => app.marketCache.invalidate(),
        log: (line) => app.log.info(line),
      },
      deps.jobs ?? DAILY_JOBS,
    ),
  );

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const queryKeys = schemaKeys(route.schema?.querystring);
    const bodyKeys = schemaKeys(route.schema?.body);
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, queryKeys, bodyKeys });
  });

  app.setErrorHandler(apiErrorHandler);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 } });
  // The page HTML asks the API for a page's first answers in-process (page-html.ts); those requests carry this
  // header, whose value no client can know, and are already counted as the page load.
  const bootHeader: BootHeader = { name: 'x-dj-page-boot', value: randomBytes(24).toString('hex') };
  if (config.rateLimitPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // IPv4 address or IPv6 /64; a request whose connection is gone has no address (never an exception).
      keyGenerator: (request) => clientKey(request.ip),
      // API calls and page loads count (a page load runs its first API calls in-process: one hit covers them);
      // assets are cheap, cached and free. Decided on the canonical URL the router routed (request.url).
      allowList: (request) =>
        (!isApiPath(request.url) && !isPagePath(request.url)) || request.headers[bootHeader.name] === bootHeader.value,
      store: deps.db.kind === 'postgres' ? postgresRateLimitStore(deps.db.kysely) : undefined,
      errorResponseBuilder: () => ApiError.of(ResultCode.RATE_LIMITED, 'rateLimited', 429),
    });
  }
  // Helmet's document headers (CSP, frame and opener policies, …) protect pages; a JSON answer only needs
  // nosniff. @fastify/helmet's hooks build its middleware per request, so helmet is registered with the
  // pages (below, in their own context) and never runs on an API route: the read path of fund data is the
  // hot path (bench/README.md targets). API routes get nosniff from a route-level hook.
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) route.onRequest = [...[route.onRequest ?? []].flat(), setNosniff];
  });
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts of Taro's index.html are allowed by hash; the WeChat JS-SDK comes from its CDN.
        // The hashes are read from the build in place at each page load (a rebuild needs no restart).
        // The operator's monitoring script (rc and master only, config.monitoringOrigin) loads and reports from its origin.
        scriptSrc: [
          "'self'",
          currentInlineScriptHashes(config.h5Dir),
          'https://res.wx.qq.com',
          'https://res2.wx.qq.com',
          ...(config.monitoringOrigin ? [config.monitoringOrigin] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.monitoringOrigin ? [config.monitoringOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Plain-http local use must keep working: no HSTS unless served over https.
    strictTransportSecurity: config.secureCookies,
  };
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'danjuan-open API',
        version: '0.1.0',
        description: [
          'Every response is the envelope {result_code, data, message, error_description}.',
          'result_code: 0 success; 300001 not logged in (HTTP 200); 400001 invalid parameter (the message names it);',
          '400002 malformed body; 400003 unsupported content type (415); 400004 body too large (413); 400005 unknown OAuth client;',
          '400013/400016 anonymous token expired/missing; 403001 XSRF check failed; 404001 no such API; 429001 rate limited;',
          '900001 secure API: unknown device, bad message, or a listed call sent in clear; 900002 device expired; 9999 server error (500).',
          'Messages are zh-CN unless Accept-Language (or the lang cookie) prefers English.',
        ].join(' '),
      },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });

  registerXsrf(app);
  registerSecureApi(app);
  registerDevRouteGuard(app);

  for (const plugin of routePlugins) await app.register(plugin);

  // Pages, assets and the SPA / 404 fallback, with helmet's document headers (see above).
  await app.register(async (pages) => {
    await pages.register(fastifyHelmet, helmetOptions);
    await registerStaticH5(pages, config.h5Dir, bootHeader);
  });
  return app;
}
