// The asset proof (issue 25): its figures come from the ledger as of the chosen date and must equal what my money's
// summary (GET /djapi/holding/summary, derived from lots and orders) showed that day, to the fen — funds, 现金宝, money
// in transit, the total — even when asked days later after more trading. The PDF is a real PDF with an embedded CJK
// font subset (read back: its text holds the Chinese and the figures); the public verification tells a genuine proof
// from a wrong code, an unknown serial and an altered one; only the owner downloads the PDF.
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { AssetProofIssued, AssetProofVerification } from '../../src/lib/api-types/activity';
import type { HoldingSummary } from '../../src/lib/api-types/trading';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkDigits } from '../../server/src/services/asset-proof';
import { cjkFont } from '../../server/src/services/asset-proof-pdf';
import { createTestApp, encryptForServer, type TestApp } from './helpers';
import { advance, buy, createInvestor, get, newRequestId, post, sell, TRADE_PASSWORD, type Investor } from './trading-support';

const ok = <T>(res: { body: { result_code: number; message: string; data: T } }) => {
  assert.equal(res.body.result_code, 0, res.body.message);
  return res.body.data;
};

describe('asset proof', () => {
  let t: TestApp;
  let investor: Investor;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00 Shanghai
    investor = await createInvestor(t);
    const cipher = t.app.personalData;
    await t.db.kysely
      .insertInto('user_identities')
      .values({
        user_id: investor.userId,
        id_no_hmac: cipher.digest('id_no', '110101199003071234'),
        id_no_encrypted: cipher.encrypt('110101199003071234'),
        id_no_masked: '1101**********1234',
        real_name_encrypted: cipher.encrypt('张三丰'),
        real_name_masked: '**丰',
        birth_date: '1990-03-07',
        certified_at: new Date('2025-03-03T09:00:00+08:00'),
      })
      .execute();
  });
  after(async () => t.close());

  const deposit = (amount: string) =>
    post(t, investor, '/djapi/xjb/deposit', { amount, request_id: newRequestId(), trade_password: encryptForServer(t, TRADE_PASSWORD) });
  const withdraw = (amount: string, mode: 'quick' | 'normal') =>
    post(t, investor, '/djapi/xjb/withdraw', {
      amount,
      mode,
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
  const proof = async (date: string, lang = 'zh-CN') =>
    ok(await post<AssetProofIssued>(t, investor, '/djapi/account/asset-proof', { date, lang }));
  const figuresOf = async (serial: string) => {
    const row = await t.db.kysely.selectFrom('asset_proofs').select('figures').where('serial', '=', serial).executeTakeFirstOrThrow();
    return row.figures as unknown as {
      funds: Array<{ code: string; volume: number; valueFen: number }>;
      cash: { totalFen: number };
      inTransitFen: number;
      totalFen: number;
    };
  };
  const yuan = (fen: number) => {
    const s = String(Math.abs(fen)).padStart(3, '0');
    return `${fen < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
  };
  /** The proof's figures against the summary, every line to the fen. */
  async function assertEqualsSummary(serial: string, summary: HoldingSummary) {
    const f = await figuresOf(serial);
    assert.equal(yuan(f.totalFen), summary.total_assets);
    assert.equal(yuan(f.inTransitFen), summary.in_transit_amount);
    assert.equal(yuan(f.cash.totalFen), summary.cash?.total ?? '0.00');
    assert.deepEqual(
      f.funds.map((l) => [l.code, yuan(l.volume), yuan(l.valueFen)]),
      summary.items
        .filter((i) => i.volume !== '0.00')
        .map((i) => [i.fd_code, i.volume, i.market_value])
        .sort(),
    );
  }

  let snapshot: HoldingSummary;
  let dayOneSerial: string;

  it('equals the summary of the day it is for, issued that day and issued days later', async () => {
    ok(await buy(t, investor, FUND_SAMPLES.stock, '12345.67'));
    ok(await buy(t, investor, FUND_SAMPLES.bond, '8000.00'));
    ok(await deposit('6000.00'));
    await advance(t, 1); // Wednesday: the purchases and the deposit are confirmed at Tuesday's NAV
    ok(await sell(t, investor, FUND_SAMPLES.stock, '1000.00', { to: 'xjb' }));
    ok(await sell(t, investor, FUND_SAMPLES.bond, '500.00'));
    ok(await withdraw('300.00', 'quick'));
    ok(await withdraw('200.00', 'normal'));
    ok(await buy(t, investor, FUND_SAMPLES.fof, '1000.00', { pay_method: 'xjb' }));
    ok(await buy(t, investor, FUND_SAMPLES.hybridConversion, '2000.00'));
    snapshot = ok(await get<HoldingSummary>(t, investor, '/djapi/holding/summary'));
    assert.ok(snapshot.items.length >= 2 && snapshot.in_transit_amount !== '0.00' && snapshot.cash !== null);
    const sameDay = await proof('2025-03-05');
    assert.equal(sameDay.total, snapshot.total_assets);
    await assertEqualsSummary(sameDay.serial, snapshot);
    dayOneSerial = sameDay.serial;

    await advance(t, 3); // Saturday: sales, the purchases and the income of the days between have settled
    ok(await buy(t, investor, FUND_SAMPLES.stock, '500.00'));
    const later = await proof('2025-03-05');
    assert.equal(later.total, snapshot.total_assets);
    await assertEqualsSummary(later.serial, snapshot);
    // Today's proof is today's summary.
    const now = ok(await get<HoldingSummary>(t, investor, '/djapi/holding/summary'));
    const today = await proof('2025-03-08');
    await assertEqualsSummary(today.serial, now);
    assert.notEqual(now.total_assets, snapshot.total_assets);
  });

  it('refuses a date before the opening or in the future, writing nothing', async () => {
    const before = await post(t, investor, '/djapi/account/asset-proof', { date: '2025-03-02' });
    assert.equal(before.body.result_code, 420040);
    assert.equal(before.body.message, '请选择开户日（2025-03-03）至今天（2025-03-08）之间的日期');
    const future = await post(t, investor, '/djapi/account/asset-proof', { date: '2025-03-09' });
    assert.equal(future.body.result_code, 420040);
    const bad = await post(t, investor, '/djapi/account/asset-proof', { date: '2025-02-30' });
    assert.equal(bad.body.result_code, 420040);
    const stranger = await createInvestor(t);
    const notOpened = await post(t, stranger, '/djapi/account/asset-proof', { date: '2025-03-08' });
    assert.equal(notOpened.body.result_code, 410001);
    const rows = await t.db.kysely.selectFrom('asset_proofs').select('serial').execute();
    assert.equal(rows.length, 3);
  });

  it('draws a real PDF with the CJK font embedded as a subset, for its owner only', async (ctx) => {
    if (!cjkFont()) return ctx.skip('no Noto Sans CJK on this machine (fonts-noto-cjk)');
    const res = await t.app.inject({ method: 'GET', url: `/djapi/account/asset-proof/${dayOneSerial}.pdf`, headers: investor.headers });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    const pdf = res.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = pdf.toString('latin1');
    // An embedded CID font: a subset (six capitals and a +), its program inside the file.
    assert.match(text, /\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    assert.match(text, /\/FontFile3/);
    assert.ok(pdf.length < 400_000, `${pdf.length} bytes`);
    // The ToUnicode map lets a reader copy the text: it holds the title's characters (资产证明: U+8D44 U+4EA7 U+8BC1 U+660E).
    const streams = [...text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
      try {
        return inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    });
    const cmap = streams.filter((s) => s.includes('beginbfrange') || s.includes('beginbfchar')).join('\n');
    for (const code of ['8d44', '4ea7', '8bc1', '660e']) assert.match(cmap, new RegExp(`<${code}>`, 'i'));
    const stranger = await createInvestor(t);
    const other = await t.app.inject({ method: 'GET', url: `/djapi/account/asset-proof/${dayOneSerial}.pdf`, headers: stranger.headers });
    assert.equal(other.statusCode, 404);
    assert.equal(JSON.parse(other.body).result_code, 420041);
  });

  it('verifies publicly: genuine with its code, and says when the code, the serial or its digits are wrong', async () => {
    const issued = await proof('2025-03-05', 'en-US');
    const verify = async (serial: string, code?: string) =>
      ok(await get<AssetProofVerification>(t, null, `/djapi/asset-proof/verify/${serial}${code ? `?code=${code}` : ''}`));
    const genuine = await verify(issued.serial, issued.verify_code);
    assert.deepEqual(
      [genuine.genuine, genuine.verdict, genuine.date, genuine.total, genuine.holder],
      [true, 'genuine', '2025-03-05', snapshot.total_assets, '**丰'],
    );
    assert.equal((await verify(issued.serial, 'WRONG123')).verdict, 'code_mismatch');
    assert.equal((await verify(issued.serial)).genuine, false);
    // One digit changed: the check digits no longer fit.
    const digits = issued.serial.slice(2);
    const altered = `AP${digits.slice(0, 10)}${(Number(digits[10]) + 1) % 10}${digits.slice(11)}`;
    assert.equal((await verify(altered, issued.verify_code)).verdict, 'malformed');
    // Well formed but never issued: forged.
    const body = `20250305${'1'.repeat(8)}`;
    assert.equal((await verify(`AP${body}${checkDigits(body)}`, issued.verify_code)).verdict, 'not_found');
    assert.equal(genuine.holder?.includes('张'), false);
  });
});
