// The activity pages and the asset proof in the built mini program (plain-Node harness, issue 25): the lump-sum
// product's landing and brochure, the competition with the investor's place, the registration coupon claimed, the
// asset proof opened with wx.downloadFile + wx.openDocument, the public verification — from wx.request answers of
// src/lib/api-types/activity.ts. Build first: `npm run build:weapp`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  ActivitySummary,
  AssetProofIssued,
  CompetitionPage,
  Coupon,
  LumpSumPage,
  RegCouponPage,
} from '../../src/lib/api-types/activity';
import { specUrl, specUrlToPage } from '../../src/lib/routes';
import { t } from '../../src/locales/activity';
import { bootWeapp, type WeappHarness } from './harness';
import { packageRootOf, readAppJson, waitForBuild } from './weapp-build';
import type { WxRequest, WxResponse } from './wx-stub';

const activity = (id: string, kind: ActivitySummary['kind'], title: string): ActivitySummary => ({
  id,
  kind,
  phase: 'running',
  title,
  title_en: `${title} (en)`,
  subtitle: '副标题',
  subtitle_en: 'Subtitle',
  rules: [{ text: '规则一：只抵扣申购费', text_en: 'Rule one' }],
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: '2026-06-01T00:00:00.000Z',
  url: `/n/activity/${id}`,
  participants: 12,
});

const LSD: LumpSumPage = {
  activity: activity('lsd-main', 'lump_sum', '新发基金认购预约'),
  fund: {
    fd_code: '009002',
    fd_name: '远川新兴产业股票A',
    fd_full_name: '远川新兴产业股票型证券投资基金',
    type_desc: '股票型',
    risk_level: 4,
    company: '远川基金',
    custodian: '招商银行',
    benchmark: '中证500指数收益率×80%',
    invest_target: '追求长期稳健增值',
    invest_orientation: '新兴产业股票',
    manage_fee: '1.20',
    custody_fee: '0.20',
    sales_service_fee: '0.00',
    min_purchase: '10.00',
    managers: [{ name: '李明', resume: '十年投研经验', career_start: '2014-07-01' }],
    subscribe_fees: [{ lower: '0.00', upper: '1000000.00', rate: '1.20', discounted_rate: '0.12', fixed_fee: null }],
    redeem_fees: [{ lower: '0', upper: '7', rate: '1.50', discounted_rate: null, fixed_fee: null }],
    discount: '0.1000',
  },
  raising: { phase: 'booking', start: '2026-03-10', end: '2026-03-20', found_date: '2026-03-25' },
  highlights: [{ text: '聚焦新兴产业', text_en: 'Emerging industries' }],
  key_terms: [{ text: '募集规模下限 2 亿元', text_en: 'At least 200 million' }],
  min_amount: '1000.00',
  max_amount: '5000000.00',
  bookings: [],
  booked_total: '0.00',
};

const COMPETITION: CompetitionPage = {
  activity: activity('season-1', 'competition', '模拟组合大赛'),
  initial: '1000000.00',
  max_funds: 10,
  last_day: '2026-05-31',
  final: false,
  top: [{ rank: 1, name: '138****1111', value: '1012345.67', return_rate: '1.23', mine: true }],
  me: { joined: true, value: '1012345.67', return_rate: '1.23', rank: 1, total: 3 },
};

const COUPON: Coupon = {
  coupon_id: '900000001',
  activity_id: 'newcomer',
  title: '新人券',
  title_en: 'Welcome coupon',
  status: 'available',
  discount: '0.1',
  max_discount: '50.00',
  min_amount: '100.00',
  fund_codes: ['009005'],
  claimed_at: '2026-03-05T02:00:00.000Z',
  expires_at: '2026-04-04T02:00:00.000Z',
  order_id: null,
  applies: null,
};

let claimed = false;

function coupons(): RegCouponPage {
  return {
    activity: activity('newcomer', 'reg_coupon', '新人专享'),
    discount: '0.1',
    max_discount: '50.00',
    min_amount: '100.00',
    valid_days: 30,
    funds: [{ fd_code: '009005', fd_name: '芷汀价值精选股票A' }],
    mine: { claimed, eligible: !claimed, coupon: claimed ? COUPON : null },
  };
}

const ISSUED: AssetProofIssued = {
  serial: 'AP202603051234567890',
  verify_code: 'K7M2Q9XA',
  date: '2026-03-05',
  total: '27923.73',
  pdf_url: '/djapi/account/asset-proof/AP202603051234567890.pdf',
  verify_url: 'http://localhost:8080/n/asset-proof/verify/AP202603051234567890',
};

function pathOf(request: WxRequest): string {
  return request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
}

function answer(request: WxRequest): WxResponse {
  const path = pathOf(request);
  const ok = (data: unknown): WxResponse => ({ statusCode: 200, data: { result_code: 0, data, message: '', error_description: '' } });
  if (path === '/djapi/account')
    return ok({ user: { id: 1, mask_telephone: '138****1111', open_trade: true, certified: true, has_trade_password: true } });
  if (path === '/djapi/activity/lsd') return ok(LSD);
  if (path === '/djapi/activity/competition/season-1') return ok(COMPETITION);
  if (path === '/djapi/activity/reg-coupon/newcomer') return ok(coupons());
  if (path === '/djapi/activity/reg-coupon/newcomer/claim') {
    claimed = true;
    return ok(COUPON);
  }
  if (path === '/djapi/account/asset-proofs') return ok({ items: [] });
  if (path === '/djapi/account/asset-proof') return ok(ISSUED);
  if (path === '/djapi/asset-proof/verify/AP202603051234567890')
    return ok({
      serial: ISSUED.serial,
      genuine: true,
      verdict: 'genuine',
      date: '2026-03-05',
      total: '27923.73',
      holder: '**明',
      issued_at: '2026-03-05T02:00:00.000Z',
      issuer: '澄观基金',
    });
  return { statusCode: 404, data: { result_code: 404001, data: null, message: 'not here', error_description: 'not here' } };
}

let h: WeappHarness;

before(async () => {
  await waitForBuild();
  h = await bootWeapp({ request: answer });
});

after(() => h?.dispose());

async function open(url: string, shows: string) {
  const page = await h.openPage(url);
  assert.ok(page, `${url} did not open`);
  for (let i = 0; i < 25 && !page.text().includes(shows); i += 1) await h.settle(200);
  assert.ok(page.text().includes(shows), `${url} never showed "${shows}":\n${page.text().slice(0, 800)}`);
  return page;
}

async function until(page: { text(): string }, shows: string) {
  for (let i = 0; i < 25 && !page.text().includes(shows); i += 1) await h.settle(200);
  assert.ok(page.text().includes(shows), `never showed "${shows}":\n${page.text().slice(0, 800)}`);
}

describe('activities in the mini program', () => {
  test('the activity pages sit in their subpackage, the asset proof beside the assets', () => {
    const app = readAppJson();
    for (const name of ['lumpSumActivity', 'competition', 'regCoupon'] as const)
      assert.equal(packageRootOf(app, specUrlToPage(specUrl(name, { id: 'x' })).page), 'pages/activity', name);
    assert.equal(packageRootOf(app, specUrlToPage(specUrl('assetProof')).page), 'pages/assets');
  });

  test('the lump-sum product: landing with its raising dates, then the brochure', async () => {
    const page = await open(specUrlToPage(specUrl('lumpSumActivity')).url, '新发基金认购预约');
    await until(page, t('activity.lsd.phase.booking', { date: '2026-03-10' }));
    assert.ok(page.text().includes(t('activity.lsd.bookNow')));
    await page.tap(t('activity.lsd.tab.brochure'));
    await until(page, t('activity.lsd.keyTerms'));
    assert.ok(page.text().includes('募集规模下限 2 亿元'));
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the competition: the investor’s value, return and rank', async () => {
    const page = await open(specUrlToPage(specUrl('competition', { id: 'season-1' })).url, '模拟组合大赛');
    await until(page, '1,012,345.67');
    assert.ok(page.text().includes(t('activity.comp.rankOf', { rank: 1, total: 3 })));
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the registration coupon: claimed, then shown available with its expiry', async () => {
    const page = await open(specUrlToPage(specUrl('regCoupon', { id: 'newcomer' })).url, t('activity.coupon.claim'));
    await page.tap(t('activity.coupon.claim'));
    await until(page, t('activity.coupon.status.available'));
    assert.ok(page.text().includes(t('activity.coupon.use')));
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the asset proof: issued, then opened with wx.downloadFile and wx.openDocument', async () => {
    const page = await open(specUrlToPage(specUrl('assetProof')).url, t('activity.proof.issue'));
    await page.tap(t('activity.proof.issue'));
    await until(page, ISSUED.serial);
    assert.ok(page.text().includes(ISSUED.verify_code));
    const downloads = h.callsOf('downloadFile').length;
    await page.tap(t('activity.proof.open'));
    for (let i = 0; i < 15 && h.callsOf('openDocument').length === 0; i += 1) await h.settle(200);
    assert.equal(h.callsOf('downloadFile').length, downloads + 1);
    assert.match(String(h.callsOf('downloadFile').at(-1)?.url), /\/djapi\/account\/asset-proof\/AP202603051234567890\.pdf$/);
    assert.equal(h.callsOf('openDocument').at(-1)?.fileType, 'pdf');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the public verification page says the proof is genuine', async () => {
    const page = await open(
      specUrlToPage(specUrl('assetProofVerify', { serial: ISSUED.serial }, { code: ISSUED.verify_code })).url,
      t('activity.verify.genuine'),
    );
    assert.ok(page.text().includes('**明'));
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});
