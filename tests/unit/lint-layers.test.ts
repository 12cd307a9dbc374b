// The layer rules of docs/ARCHITECTURE.md (layers/import-flow, layers/no-barrel, layers/server-imports), run through the
// project's real eslint.config.mjs on in-memory snippets with fake file paths. ESLint runs in a child
// Node process (eslint-rules/lint-snippets.mjs): jest's jsdom and transform are no place for ESLint.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Snippet {
  file: string;
  code: string;
}

const ALLOWED: Snippet[] = [
  { file: 'src/lib/format.ts', code: "import { t } from '@/locales/i18n';" },
  { file: 'src/lib/format.ts', code: "import { parseDecimal } from './decimal';" },
  { file: 'src/lib/validators.ts', code: "import type { CommonMessageKey } from '../locales/messages/common';" },
  { file: 'src/platform/bridge.ts', code: "import { detectEnvironment } from '@/lib/environment';" },
  { file: 'src/platform/http.h5.ts', code: "import { bridge } from './bridge';" },
  {
    file: 'src/components/amount-text/index.tsx',
    code: "import { formatAmount } from '@/lib/format';\nimport { bridge } from '@/platform/bridge';",
  },
  {
    file: 'src/features/fund/api.ts',
    code: "import { get } from '@/platform/http';\nimport { EmptyBox } from '@/components/empty-box/index';",
  },
  { file: 'src/features/fund/components/nav-chart.tsx', code: "import { useFundStore } from '../store';" },
  {
    file: 'src/pages/fund/index.tsx',
    code: "import { FundDetail } from '@/features/fund/components/fund-detail';\nimport { useAccount } from '@/features/account/store';",
  },
  { file: 'src/app.ts', code: "import { bridge } from './platform/bridge';" },
  { file: 'src/lib/format.ts', code: "import Big from 'big.js';\nimport Taro from '@tarojs/taro';" },
  { file: 'src/locales/catalogue.ts', code: "import common from './messages/common';" },
  { file: 'server/src/app.ts', code: "import { bridge } from '../../src/platform/bridge';" },
];

const REPORTED: Array<Snippet & { expected: string }> = [
  { file: 'src/lib/format.ts', code: "import { bridge } from '@/platform/bridge';", expected: 'lib may not import' },
  { file: 'src/lib/money.ts', code: "import { EmptyBox } from '../components/empty-box/index';", expected: 'lib may not import' },
  { file: 'src/lib/money.ts', code: "export { get } from '@/platform/http';", expected: 'lib may not import' },
  { file: 'src/lib/money.ts', code: "export const api = import('@/features/fund/api');", expected: 'lib may not import' },
  { file: 'src/platform/http.ts', code: "import { EmptyBox } from '@/components/empty-box/index';", expected: 'platform may not import' },
  { file: 'src/platform/http.ts', code: "import { useFund } from '@/features/fund/store';", expected: 'platform may not import' },
  {
    file: 'src/components/header/index.tsx',
    code: "import { useAccount } from '@/features/account/store';",
    expected: 'components may not import',
  },
  { file: 'src/components/header/index.tsx', code: "import Home from '@/pages/index/index';", expected: 'components may not import' },
  {
    file: 'src/features/trade/api.ts',
    code: "import { getFund } from '@/features/fund/api';",
    expected: 'features/trade may not import features/fund',
  },
  {
    file: 'src/features/trade/api.ts',
    code: "import { getFund } from '../fund/api';",
    expected: 'features/trade may not import features/fund',
  },
  { file: 'src/features/fund/api.ts', code: "import Page from '@/pages/fund/index';", expected: 'features may not import' },
  { file: 'src/locales/messages/common.ts', code: "import { PHONE_LENGTH } from '@/lib/constants';", expected: 'locales may not import' },
  { file: 'src/lib/format.ts', code: "import { db } from '../../server/src/db/database';", expected: 'from outside src/' },
  {
    file: 'src/platform/storage.ts',
    code: "import { Header } from '@/components/header/index';",
    expected: 'platform may import only lib, locales',
  },
];

const BARRELS: Snippet[] = [
  { file: 'src/lib/index.ts', code: "export * from './format';\nexport { maskPhone } from './format';" },
  { file: 'src/pages/demo/index.tsx', code: 'export default function Demo() {\n  return null;\n}\n' },
];

/** layers/server-imports: routes never import routes; server/src/domain imports neither Fastify nor the database. */
const SERVER_ALLOWED: Snippet[] = [
  {
    file: 'server/src/routes/fund.ts',
    code: "import { answerFound } from '../http/market-answers';\nimport { fundDetailView } from '../market/fund-views';",
  },
  {
    file: 'server/src/routes/account.ts',
    code: "import { accountView } from '../services/account';\nimport { maskTelephone } from '../domain/masks';",
  },
  {
    file: 'server/src/routes/fund.ts',
    code: "import type { FastifyReply } from 'fastify';\nimport { Type } from '@fastify/type-provider-typebox';",
  },
  {
    file: 'server/src/domain/fees.ts',
    code: "import Big from 'big.js';\nimport { addCalendarDays } from './calendar';\nimport { fenToYuan } from '../../../src/lib/money';",
  },
  { file: 'server/src/services/trading.ts', code: "import { sql } from 'kysely';\nimport { requireUser } from '../plugins/session';" },
  { file: 'server/src/http/login.ts', code: "import * as login from '../services/login';" },
  { file: 'server/src/app.ts', code: "import fundRoutes from './routes/fund';\nimport Fastify from 'fastify';" },
];

const SERVER_REPORTED: Array<Snippet & { expected: string }> = [
  { file: 'server/src/routes/discover.ts', code: "import { sendBody } from './fund';", expected: 'a route may not import another route' },
  {
    file: 'server/src/routes/discover.ts',
    code: "export { sendBody } from '../routes/fund';",
    expected: 'a route may not import another route',
  },
  { file: 'server/src/routes/account.ts', code: "const m = import('./account-login');", expected: 'a route may not import another route' },
  { file: 'server/src/domain/fees.ts', code: "import type { FastifyRequest } from 'fastify';", expected: "may not import 'fastify'" },
  { file: 'server/src/domain/fees.ts', code: "import { Type } from '@fastify/type-provider-typebox';", expected: 'may not import' },
  { file: 'server/src/domain/fees.ts', code: "import { sql } from 'kysely';", expected: "may not import 'kysely'" },
  { file: 'server/src/domain/fees.ts', code: "import pg from 'pg';", expected: "may not import 'pg'" },
  { file: 'server/src/domain/fees.ts', code: "import { PGlite } from '@electric-sql/pglite';", expected: 'may not import' },
  { file: 'server/src/domain/fees.ts', code: "import type { Database } from '../db/database';", expected: '(db/)' },
  { file: 'server/src/domain/fees.ts', code: "import { personalData } from '../services/personal-data';", expected: '(services/)' },
  { file: 'server/src/domain/fees.ts', code: "import fund from '../routes/fund';", expected: '(routes/)' },
  { file: 'server/src/domain/fees.ts', code: "import { requireUser } from '../plugins/session';", expected: '(plugins/)' },
  { file: 'server/src/domain/fees.ts', code: "import { ApiError } from '../http/envelope';", expected: '(http/)' },
];

type Message = { ruleId: string | null; message: string };
let results: Message[][] = [];

beforeAll(() => {
  const snippets = [...ALLOWED, ...REPORTED, ...BARRELS, ...SERVER_ALLOWED, ...SERVER_REPORTED].map(({ file, code }) => ({ file, code }));
  const out = execFileSync(process.execPath, [path.join(ROOT, 'eslint-rules/lint-snippets.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  results = JSON.parse(out) as Message[][];
}, 120_000);

/** Only the layer rules: the snippets are fragments, other rules (unused imports) would fire too. */
const layerMessages = (index: number): string[] =>
  (results[index] ?? []).filter((m) => m.ruleId?.startsWith('layers/')).map((m) => `${m.ruleId}: ${m.message}`);

describe('layers/import-flow', () => {
  test.each(ALLOWED.map((snippet, index) => [snippet.file, snippet.code, index] as const))('allows %s: %s', (_file, _code, index) => {
    expect(results[index]).toBeDefined();
    expect(layerMessages(index)).toEqual([]);
  });

  test.each(REPORTED.map((snippet, index) => [snippet.file, snippet.code, snippet.expected, ALLOWED.length + index] as const))(
    'reports %s: %s',
    (_file, _code, expected, index) => {
      const messages = layerMessages(index);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('layers/import-flow');
      expect(messages[0]).toContain(expected);
    },
  );
});

describe('layers/no-barrel', () => {
  test('an index file of re-exports is reported; a page component is not', () => {
    const base = ALLOWED.length + REPORTED.length;
    expect(layerMessages(base)).toEqual([expect.stringContaining('layers/no-barrel')]);
    expect(results[base + 1]).toEqual([]);
  });
});

describe('layers/server-imports', () => {
  const base = ALLOWED.length + REPORTED.length + BARRELS.length;

  test.each(SERVER_ALLOWED.map((snippet, index) => [snippet.file, snippet.code, base + index] as const))(
    'allows %s: %s',
    (_file, _code, index) => {
      expect(results[index]).toBeDefined();
      expect(layerMessages(index)).toEqual([]);
    },
  );

  test.each(
    SERVER_REPORTED.map((snippet, index) => [snippet.file, snippet.code, snippet.expected, base + SERVER_ALLOWED.length + index] as const),
  )('reports %s: %s', (_file, _code, expected, index) => {
    const messages = layerMessages(index);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('layers/server-imports');
    expect(messages[0]).toContain(expected);
  });
});
