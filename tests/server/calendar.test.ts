import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addTradingDays,
  holidayCoverage,
  isTradingDay,
  nextTradingDay,
  orderTradeDate,
  previousTradingDay,
  tradingDaysBetween,
  tradingDaysInRange,
} from '../../server/src/domain/calendar';

/** An instant given as Shanghai wall-clock time. */
const shanghai = (local: string) => new Date(`${local}+08:00`);

describe('trading calendar', () => {
  it('closes for the 2024 National Day holiday (Oct 1–7)', () => {
    for (let d = 1; d <= 7; d += 1) assert.equal(isTradingDay(`2024-10-0${d}`), false, `2024-10-0${d}`);
    assert.equal(isTradingDay('2024-09-30'), true);
    assert.equal(isTradingDay('2024-10-08'), true);
    assert.equal(nextTradingDay('2024-09-30'), '2024-10-08');
    assert.equal(previousTradingDay('2024-10-08'), '2024-09-30');
  });

  it('closes for the 2025 Spring Festival (Jan 28 – Feb 4)', () => {
    assert.equal(isTradingDay('2025-01-27'), true);
    for (const d of ['2025-01-28', '2025-01-29', '2025-01-31', '2025-02-03', '2025-02-04']) assert.equal(isTradingDay(d), false, d);
    assert.equal(nextTradingDay('2025-01-27'), '2025-02-05');
  });

  it('treats make-up working Saturdays (调休) as closed: exchanges never open on weekends', () => {
    // 2024-10-12 (Sat) and 2025-01-26 (Sun) were official working days.
    assert.equal(isTradingDay('2024-10-12'), false);
    assert.equal(isTradingDay('2025-01-26'), false);
    assert.equal(isTradingDay('2024-10-11'), true);
  });

  it('counts and steps over weekends and holidays', () => {
    assert.equal(addTradingDays('2024-09-27', 1), '2024-09-30');
    assert.equal(addTradingDays('2024-09-27', 2), '2024-10-08');
    assert.equal(addTradingDays('2024-10-08', -2), '2024-09-27');
    assert.equal(tradingDaysBetween('2024-09-27', '2024-10-08'), 2);
    assert.equal(tradingDaysBetween('2024-10-08', '2024-09-27'), -2);
    assert.deepEqual(tradingDaysInRange('2024-09-28', '2024-10-09'), ['2024-09-30', '2024-10-08', '2024-10-09']);
  });

  it('falls back to weekends only outside the holiday data', () => {
    const year = holidayCoverage.lastYear + 3;
    // Jan 1 is a holiday every year, but the fallback does not know it.
    const jan1 = `${year}-01-01`;
    const weekday = new Date(`${jan1}T00:00:00Z`).getUTCDay();
    assert.equal(isTradingDay(jan1), weekday !== 0 && weekday !== 6);
  });

  it('rejects malformed dates', () => {
    assert.throws(() => isTradingDay('2024-13-01'));
    assert.throws(() => isTradingDay('20241001'));
  });
});

describe('order trade date T (15:00 cut-off, Asia/Shanghai)', () => {
  it('is today at 14:59:59 and the next trading day at 15:00:00', () => {
    assert.equal(orderTradeDate(shanghai('2025-03-04T14:59:59')), '2025-03-04');
    assert.equal(orderTradeDate(shanghai('2025-03-04T15:00:00')), '2025-03-05');
  });

  it('moves a Friday afternoon order to Monday', () => {
    assert.equal(orderTradeDate(shanghai('2025-03-07T15:30:00')), '2025-03-10');
    assert.equal(orderTradeDate(shanghai('2025-03-08T10:00:00')), '2025-03-10');
  });

  it('moves an order before a holiday past the holiday', () => {
    assert.equal(orderTradeDate(shanghai('2024-09-30T16:00:00')), '2024-10-08');
    assert.equal(orderTradeDate(shanghai('2024-10-03T09:00:00')), '2024-10-08');
  });

  it('uses the Shanghai date whatever the UTC date (00:30 in Shanghai is the previous UTC day)', () => {
    // 2025-03-04 00:30 Shanghai = 2025-03-03 16:30 UTC.
    assert.equal(orderTradeDate(new Date('2025-03-03T16:30:00Z')), '2025-03-04');
  });
});
