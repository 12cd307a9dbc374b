import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INDICES } from '../../server/src/market/catalogue';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, json, type TestApp } from './helpers';
import { fixed } from './exact';

interface Envelope<T> {
  result_code: number;
  data: T;
  error_description: string;
}

interface ValuationItem {
  index_code: string;
  name: string;
  pe: string;
  pe_percentile: string;
  pb: string;
  pb_percentile: string;
  roe: string;
  yeild: string;
  eva_type: 'low' | 'mid' | 'high';
  date: string;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

describe('index valuation endpoints', () => {
  let t: TestApp;
  const get = async <T>(url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
    return json<Envelope<T>>(res);
  };

  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  it('GET /djapi/index_eva/dj: ~30 indices with PE/PB, percentiles and a consistent status', async () => {
    const { data } = await get<{ items: ValuationItem[] }>('/djapi/index_eva/dj');
    assert.ok(data.items.length >= 28, `got ${data.items.length}`);
    const codes = data.items.map((i) => i.index_code);
    for (const code of ['SH000300', 'SH000905', 'SZ399006', 'SH000016', 'SH000922', 'HKHSI', 'NDX', 'SP500'])
      assert.ok(codes.includes(code), code);
    assert.ok(!codes.includes('CBA00101'), 'the bond index has no valuation');
    for (const item of data.items) {
      for (const k of ['pe', 'pe_percentile', 'pb', 'pb_percentile', 'roe', 'yeild'] as const)
        assert.match(item[k], DECIMAL, `${item.index_code}.${k}`);
      const p = Number(item.pe_percentile);
      assert.ok(p >= 0 && p <= 1);
      assert.equal(item.eva_type, p < 0.3 ? 'low' : p > 0.7 ? 'high' : 'mid', item.index_code);
      assert.equal(item.date, '2025-03-03');
    }
    const order = data.items.map((i) => ({ low: 0, mid: 1, high: 2 })[i.eva_type]);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      'low first, then mid, then high',
    );
  });

  it('the generated valuations are plausible: each PE in its band, PB = ROE × PE, yields, and a mix of low / mid / high', async () => {
    const { data } = await get<{ items: ValuationItem[] }>('/djapi/index_eva/dj');
    const counts = { low: 0, mid: 0, high: 0 };
    for (const item of data.items) {
      const def = INDICES.find((d) => d.code === item.index_code);
      assert.ok(def, item.index_code);
      const [low, high] = def.peBand;
      const pe = Number(item.pe);
      const pb = Number(item.pb);
      const roe = Number(item.roe);
      const dy = Number(item.yeild);
      assert.ok(pe >= low && pe <= high, `${item.name} PE ${pe} within ${low}–${high}`);
      // ROE wanders ±8 % around the index's typical ROE (+ rounding of the 2-decimal table values).
      assert.ok(roe >= def.roe * 0.92 - 1e-4 && roe <= def.roe * 1.09 + 1e-4, `${item.name} ROE ${roe} near ${def.roe}`);
      assert.ok(Math.abs(pb - roe * pe) <= 0.01 + 0.005 * roe, `${item.name} PB ${pb} ≈ ROE × PE ${roe * pe}`);
      assert.ok(Math.abs(dy - def.payout / pe) < 0.001 && dy > 0.001 && dy < 0.1, `${item.name} dividend yield ${dy}`);
      counts[item.eva_type] += 1;
    }
    // Before the model was fixed, 27 of 30 read "low" at about 0 %: the seed's snapshot must be a realistic mix.
    assert.ok(counts.low >= 5 && counts.mid >= 5 && counts.high >= 5, JSON.stringify(counts));
    const semis = data.items.find((i) => i.index_code === 'CSIH30184');
    assert.ok(Number(semis?.pe) >= 40, `半导体 PE ${semis?.pe}`);
  });

  it('GET /djapi/index_eva/detail/{code}: valuation and the funds tracking the index', async () => {
    const { data } = await get<{ name: string; valuation: ValuationItem; funds: { fd_code: string; tracking_error: string }[] }>(
      '/djapi/index_eva/detail/SH000300',
    );
    assert.equal(data.name, '沪深300');
    assert.equal(data.valuation.index_code, 'SH000300');
    assert.ok(
      data.funds.some((f) => f.fd_code === FUND_SAMPLES.purchaseLimited),
      'the 沪深300 index sample tracks it',
    );
    for (const f of data.funds) assert.match(f.tracking_error, DECIMAL);
    assert.equal((await get<null>('/djapi/index_eva/detail/sh000300')).result_code, 0, 'codes are case-insensitive');
    assert.equal((await get<null>('/djapi/index_eva/detail/XX0000', 404)).result_code, 404001);
    assert.equal((await get<null>('/djapi/index_eva/detail/bad-code!', 400)).result_code, 400001);
  });

  it('GET /djapi/index_eva/pe_history and pb_history: windows and the 30/50/70 lines', async () => {
    const all = await get<{
      index_eva_pe_growths: { ts: number; date: string; pe: string }[];
      horizontal_lines: { line_name: string; line_value: string }[];
    }>('/djapi/index_eva/pe_history/SH000300?day=all');
    const oneYear = await get<{ index_eva_pe_growths: unknown[] }>('/djapi/index_eva/pe_history/SH000300?day=1y');
    assert.ok(all.data.index_eva_pe_growths.length > 400);
    assert.ok(oneYear.data.index_eva_pe_growths.length > 200 && oneYear.data.index_eva_pe_growths.length < 260);
    const values = all.data.horizontal_lines.map((l) => Number(l.line_value));
    assert.equal(values.length, 3);
    assert.ok(
      (values[0] as number) >= (values[1] as number) && (values[1] as number) >= (values[2] as number),
      'danger ≥ median ≥ opportunity',
    );
    const last = all.data.index_eva_pe_growths.at(-1);
    const table = await get<{ items: ValuationItem[] }>('/djapi/index_eva/dj');
    assert.equal(
      fixed(String(last?.pe), 2),
      table.data.items.find((i) => i.index_code === 'SH000300')?.pe,
      'history ends at the table value',
    );
    const pb = await get<{ index_eva_pb_growths: { pb: string }[] }>('/djapi/index_eva/pb_history/SZ399006?day=3y');
    assert.match(pb.data.index_eva_pb_growths[0]?.pb ?? '', DECIMAL);
    assert.equal((await get<null>('/djapi/index_eva/pe_history/CBA00101?day=all', 404)).result_code, 404001);
    assert.equal((await get<null>('/djapi/index_eva/pe_history/SH000300?day=2w', 400)).result_code, 400001);
  });

  it('GET /djapi/index/kline/{code}: daily bars consistent, weekly aggregation', async () => {
    const day = await get<{
      items: { date: string; open: string; high: string; low: string; close: string; volume: number; percent: string | null }[];
    }>('/djapi/index/kline/SH000905?period=day&count=30');
    assert.equal(day.data.items.length, 30);
    for (const bar of day.data.items) {
      const [o, h, l, c] = [bar.open, bar.high, bar.low, bar.close].map(Number) as [number, number, number, number];
      assert.ok(h >= Math.max(o, c) && l <= Math.min(o, c), `${bar.date} high/low bound open/close`);
      assert.ok(Number.isInteger(bar.volume) && bar.volume > 0);
    }
    assert.equal(day.data.items.at(-1)?.date, '2025-03-03');
    const week = await get<{ items: { date: string }[] }>('/djapi/index/kline/SH000905?period=week&count=4');
    assert.equal(week.data.items.length, 4);
    assert.equal((await get<null>('/djapi/index/kline/SH000905?period=minute&count=4', 400)).result_code, 400001);
  });
});
