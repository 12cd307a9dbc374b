import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MONITORING_ENVIRONMENTS } from './constants';
import { parseBusinessStart } from './domain/clock';
import { DEV_TRADE_PASSWORD_PEPPER, MIN_PEPPER_LENGTH, type Pepper } from './services/password-hash';
import { DEFAULT_BRAND, brandFromWire, brandToWire, type Brand, type BrandWire } from '../../src/lib/brand';

export type NodeEnv = 'development' | 'production' | 'test';

export interface ServerConfig {
  port: number;
  /** Listen address: `localhost` (this machine only) unless production or HOST says otherwise. */
  host: string;
  /** PGlite data directory (ignored when databaseUrl is set). */
  dataDir: string;
  /** postgres://… to use PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per process (default 10). */
  databasePoolSize?: number | undefined;
  /** PG_COMMIT_DELAY_US: group commit, `SET commit_delay` per connection where the role may (db/database.ts). */
  commitDelayUs?: number | undefined;
  nodeEnv: NodeEnv;
  /** The built H5 app served at / (Taro's `dist/h5`). */
  h5Dir: string;
  /** Trust X-Forwarded-* from a load balancer (client IP for rate limits, https for cookies). */
  trustProxy: boolean;
  /** Mark cookies Secure (set when served over https). */
  secureCookies: boolean;
  /** Requests per minute per client IP on the API prefixes; 0 disables. */
  rateLimitPerMinute: number;
  /** WeChat official-account credentials; without them a deterministic fake provider answers. */
  wechat: { appId: string; secret: string } | undefined;
  /** Demo market seed (npm start seeds an empty database with it). */
  seed: number;
  /** Generate the full-market catalogue (≥ 20,000 share classes) instead of the default. */
  largeMarket: boolean;
  /** Generate a small market (fast start for CI and start-up tests). */
  smallMarket: boolean;
  /** Build the H5 app on start when stale (`SKIP_H5_BUILD=1` turns it off). */
  buildH5: boolean;
  /** SMS gateway: codes are POSTed here as JSON; unset → the outbox (GET /__dev/sms outside production). */
  smsWebhookUrl?: string | undefined;
  /**
   * The origin of the operator's monitoring script, allowed in the pages' CSP (script and connect): set only when
   * TARO_APP_DEPLOY_ENV is rc or master and TARO_APP_MONITORING_URL an https URL — the same two variables the H5
   * build reads (src/platform/monitoring.ts). None by default.
   */
  monitoringOrigin?: string | undefined;
  /**
   * The operator's brand (src/lib/brand.ts): BRAND_FILE's JSON over the neutral default; `demo` (the "资金为模拟" mark)
   * is DEMO_NOTICE, on by default except in production. Served at GET /djapi/platform/brand (docs/DEPLOY.md "Brand").
   */
  brand: Brand;
  /**
   * BRAND_FILE's absolute path: a change of the file takes effect without a restart (server/src/services/brand.ts,
   * `app.brand`); `brand` above is what it said at start.
   */
  brandFile?: string | undefined;
  /**
   * OPERATOR_TOKEN: the bearer token of the staff routes (/ops/*: customer-service messages, routes/ops.ts). Unset: those
   * routes answer 404 as if they did not exist. At least 32 characters.
   */
  operatorToken?: string | undefined;
  /**
   * BUSINESS_DATE: the business clock starts at this instant instead of the wall clock (demo and tests only), and a
   * fresh demo market is generated as of its date — so a failure met on one date can be replayed on it.
   */
  businessStart?: Date | undefined;
  /**
   * The key of the trade passwords' HMAC (services/password-hash.ts): TRADE_PASSWORD_PEPPER, or the contents of
   * TRADE_PASSWORD_PEPPER_FILE. Outside production it defaults to the public development pepper; in production it
   * is undefined when neither is set, and the server refuses to start (buildApp). docs/SECURITY.md "Trade password".
   */
  tradePasswordPepper: Pepper | undefined;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw === 'true' || raw === 'yes';
}

const BRAND_FILE_KEYS = Object.keys(brandToWire(DEFAULT_BRAND)).filter((key) => key !== 'demo');

/**
 * BRAND_FILE: a JSON object with any of the brand's fields (snake_case, as GET /djapi/platform/brand answers them).
 * A file that cannot be read, is no object, names an unknown field or gives a value the app would not show is refused,
 * naming what is wrong: at start an operator learns it from the start-up error, not from a page showing the default;
 * a later change that is refused keeps the brand in use (server/src/services/brand.ts). `demo` is not the file's.
 */
export function readBrandFile(file: string): Omit<Brand, 'demo'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`BRAND_FILE ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`BRAND_FILE ${file}: not a JSON object`);
  const given = parsed as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!BRAND_FILE_KEYS.includes(key))
      throw new Error(`BRAND_FILE ${file}: unknown field "${key}" (fields: ${BRAND_FILE_KEYS.join(', ')})`);
  }
  const { demo: _demo, ...brand } = brandFromWire(given as Partial<BrandWire>);
  const read = brandToWire({ ...brand, demo: false }) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(given)) {
    if (read[key] !== (typeof value === 'string' ? value.trim() : value)) {
      throw new Error(
        `BRAND_FILE ${file}: field "${key}" is not usable (empty, too long, or a phone with other than digits, +, - and spaces)`,
      );
    }
  }
  return brand;
}

/** BRAND_FILE's path, resolved against `cwd`; undefined when unset. */
export function brandFilePath(env: Env, cwd: string): string | undefined {
  const file = env.BRAND_FILE?.trim();
  return file ? resolve(cwd, file) : undefined;
}

/** The brand at start: BRAND_FILE (refused with a start-up error when unusable) over the default, DEMO_NOTICE's mark. */
export function loadBrand(env: Env, cwd: string, nodeEnv: NodeEnv): Brand {
  const file = brandFilePath(env, cwd);
  const brand = file ? readBrandFile(file) : DEFAULT_BRAND;
  return { ...brand, demo: flag(env, 'DEMO_NOTICE', nodeEnv !== 'production') };
}

/** OPERATOR_TOKEN, refused at start when it is too short to resist guessing. */
function operatorToken(env: Env): string | undefined {
  const token = env.OPERATOR_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < 32) throw new Error('OPERATOR_TOKEN must be at least 32 characters (e.g. `openssl rand -hex 32`)');
  return token;
}

/** BUSINESS_DATE (domain/clock.ts parseBusinessStart), refused in production, which runs on the wall clock. */
function businessStart(env: Env, nodeEnv: NodeEnv): Date | undefined {
  const text = env.BUSINESS_DATE?.trim();
  if (!text) return undefined;
  if (nodeEnv === 'production') throw new Error('BUSINESS_DATE is for demos and tests: production runs on the wall clock (unset it)');
  return parseBusinessStart(text, new Date());
}

/**
 * TRADE_PASSWORD_PEPPER or TRADE_PASSWORD_PEPPER_FILE (not both): at least 32 characters, used as the UTF-8 bytes of
 * its text (trimmed). Neither: the public development pepper outside production, undefined in production.
 */
export function tradePasswordPepper(env: Env, cwd: string, nodeEnv: NodeEnv): Pepper | undefined {
  const inline = env.TRADE_PASSWORD_PEPPER?.trim();
  const file = env.TRADE_PASSWORD_PEPPER_FILE?.trim();
  if (inline && file) throw new Error('TRADE_PASSWORD_PEPPER and TRADE_PASSWORD_PEPPER_FILE are both set: keep one');
  let text = inline;
  if (file) {
    try {
      text = readFileSync(resolve(cwd, file), 'utf8').trim();
    } catch (error) {
      throw new Error(`TRADE_PASSWORD_PEPPER_FILE ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!text) return nodeEnv === 'production' ? undefined : DEV_TRADE_PASSWORD_PEPPER;
  if (text.length < MIN_PEPPER_LENGTH)
    throw new Error(
      `${file ? `TRADE_PASSWORD_PEPPER_FILE ${file}` : 'TRADE_PASSWORD_PEPPER'} must be at least ${MIN_PEPPER_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`,
    );
  return Buffer.from(text, 'utf8');
}

/** The refusal of a production server without its pepper (buildApp and main.ts call it before anything else). */
export function requireTradePasswordPepper(config: Pick<ServerConfig, 'nodeEnv' | 'tradePasswordPepper'>): Pepper {
  if (config.tradePasswordPepper) return config.tradePasswordPepper;
  throw new Error(
    'TRADE_PASSWORD_PEPPER (or TRADE_PASSWORD_PEPPER_FILE) is required in production: the key of the trade passwords, kept apart from the database (docs/DEPLOY.md)',
  );
}

/** docs/PRODUCT.md §9 monitoring script: its https origin in the rc and master environments, else none. */
export function monitoringOrigin(env: Env): string | undefined {
  const url = env.TARO_APP_MONITORING_URL?.trim();
  if (!url || !MONITORING_ENVIRONMENTS.includes(env.TARO_APP_DEPLOY_ENV?.trim() ?? '')) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the server configuration from the environment (see docs/DEPLOY.md for the table). */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const nodeEnv: NodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const appId = env.WECHAT_APPID?.trim();
  const secret = env.WECHAT_SECRET?.trim();
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    // A development server (the default) is a demo with development conveniences: only this machine reaches it unless
    // HOST says otherwise; production listens on every interface (containers, load balancers).
    host: env.HOST?.trim() || (nodeEnv === 'production' ? '0.0.0.0' : 'localhost'),
    dataDir: resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    commitDelayUs: integer(env, 'PG_COMMIT_DELAY_US', 0, 0, 100_000),
    nodeEnv,
    h5Dir: resolve(cwd, env.H5_DIR?.trim() || './dist/h5'),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    secureCookies: flag(env, 'SECURE_COOKIES', false),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    wechat: appId && secret ? { appId, secret } : undefined,
    seed: integer(env, 'SEED', 1, 0, 2 ** 31 - 1),
    largeMarket: flag(env, 'LARGE_MARKET', false),
    smallMarket: flag(env, 'SMALL_MARKET', false),
    buildH5: !flag(env, 'SKIP_H5_BUILD', false),
    smsWebhookUrl: env.SMS_WEBHOOK_URL?.trim() || undefined,
    monitoringOrigin: monitoringOrigin(env),
    brand: loadBrand(env, cwd, nodeEnv),
    brandFile: brandFilePath(env, cwd),
    operatorToken: operatorToken(env),
    businessStart: businessStart(env, nodeEnv),
    tradePasswordPepper: tradePasswordPepper(env, cwd, nodeEnv),
  };
}

/** Config for tests: nothing read from the environment. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: undefined,
    nodeEnv: 'test',
    h5Dir: resolve('dist/h5'),
    trustProxy: false,
    secureCookies: false,
    rateLimitPerMinute: 0,
    wechat: undefined,
    seed: 1,
    largeMarket: false,
    smallMarket: true,
    buildH5: false,
    brand: DEFAULT_BRAND,
    tradePasswordPepper: DEV_TRADE_PASSWORD_PEPPER,
    ...overrides,
  };
}
