/** Where "now" comes from: injected so tests and the demo can move business days forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** Always the same instant. */
export function fixedClock(at: Date | string): Clock {
  const instant = new Date(at).getTime();
  if (Number.isNaN(instant)) throw new Error(`fixedClock: invalid date ${String(at)}`);
  return { now: () => new Date(instant) };
}

export interface OffsetClock extends Clock {
  /** Moves this clock forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void;
  /** Jumps to the given instant; an unfrozen clock keeps ticking from there. */
  set(at: Date | string): void;
  /** How far this clock is ahead of its base clock, in ms (0 for the wall clock itself). */
  offsetMs(): number;
}

/**
 * A clock at a fixed offset from `base` (the system clock by default).
 * With `frozen: true` it does not tick between advances (deterministic tests).
 */
export function offsetClock(start?: Date | string, opts: { frozen?: boolean; base?: Clock } = {}): OffsetClock {
  const base = opts.base ?? systemClock;
  // One reading of the base clock for both: a frozen clock starts exactly at `start` (two readings a millisecond
  // apart froze it at start + 1 ms under load: a golden answer's sent_at read .001, ci of 2026-11-29).
  const baseNow = base.now().getTime();
  let offset = start === undefined ? 0 : new Date(start).getTime() - baseNow;
  let frozenAt = opts.frozen ? baseNow + offset : undefined;
  return {
    now() {
      return new Date(frozenAt ?? base.now().getTime() + offset);
    },
    advance(ms) {
      if (frozenAt !== undefined) frozenAt += ms;
      else offset += ms;
    },
    set(at) {
      const instant = new Date(at).getTime();
      if (frozenAt !== undefined) frozenAt = instant;
      else offset = instant - base.now().getTime();
    },
    offsetMs() {
      return frozenAt === undefined ? offset : frozenAt - base.now().getTime();
    },
  };
}

// China has had no daylight saving since 1991, so Asia/Shanghai is a fixed UTC+08:00.
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The instant shifted so its UTC fields read as Shanghai wall-clock fields. */
function shanghaiFields(d: Date): Date {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS);
}

/** The Asia/Shanghai calendar date of an instant, 'YYYY-MM-DD', whatever the host's zone. */
export function shanghaiDate(d: Date): string {
  return shanghaiFields(d).toISOString().slice(0, 10);
}

/** The Asia/Shanghai time of day of an instant, 'HH:mm:ss'. */
export function shanghaiTime(d: Date): string {
  return shanghaiFields(d).toISOString().slice(11, 19);
}

/** An instant as ISO 8601 in Shanghai time: '2025-03-04T10:00:00.000+08:00'. */
export function shanghaiIso(d: Date): string {
  return `${shanghaiFields(d).toISOString().slice(0, 23)}+08:00`;
}

/** Minutes since Shanghai midnight (0–1439), handy for cut-off checks like 15:00. */
export function shanghaiMinutesOfDay(d: Date): number {
  const f = shanghaiFields(d);
  return f.getUTCHours() * 60 + f.getUTCMinutes();
}

/** The instant of a Shanghai wall-clock time: shanghaiInstant('2025-01-02', '15:00') → 07:00Z. */
export function shanghaiInstant(date: string, time = '00:00:00'): Date {
  const full = time.length === 5 ? `${time}:00` : time;
  const instant = new Date(`${date}T${full}+08:00`);
  if (Number.isNaN(instant.getTime())) throw new Error(`shanghaiInstant: invalid ${date} ${time}`);
  return instant;
}

const BUSINESS_START = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?$/;

/**
 * The instant a `BUSINESS_DATE` names: 'YYYY-MM-DD' is that Shanghai date at `now`'s Shanghai time of day (a demo
 * keeps the hour it is started at), 'YYYY-MM-DDTHH:mm[:ss]' that exact Shanghai wall-clock time (a replay).
 * Throws a RangeError naming the value for anything else (an impossible date included).
 */
export function parseBusinessStart(text: string, now: Date): Date {
  const m = BUSINESS_START.exec(text.trim());
  if (!m) throw new RangeError(`BUSINESS_DATE must be YYYY-MM-DD or YYYY-MM-DDTHH:mm (Shanghai time), got "${text}"`);
  const date = m[1] as string;
  const time = m[2] ?? shanghaiTime(now);
  const instant = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+08:00`);
  if (Number.isNaN(instant.getTime()) || shanghaiDate(instant) !== date || shanghaiTime(instant).slice(0, time.length) !== time)
    throw new RangeError(`BUSINESS_DATE is not a calendar date and time: "${text}"`);
  return instant;
}
