import { sql, type Kysely } from 'kysely';
import { DEFAULT_MPAAS_APPKEY } from '../constants';
import type { DB } from '../db/types';
import type { JsonValue } from '../db/platform-types';

/** A config entry as the client sees it: its value and the timestamp (ms) it last changed. */
export interface ConfigEntry {
  key: string;
  timestamp: number;
  value: JsonValue;
}

export async function readConfigEntries(kysely: Kysely<DB>, appkey: string, keys: string[]): Promise<ConfigEntry[]> {
  if (keys.length === 0) return [];
  const rows = await kysely
    .selectFrom('mpaas_config')
    .select(['key', 'value', 'updated_at'])
    .where('appkey', '=', appkey)
    .where('key', 'in', keys)
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  // Answer in the order asked.
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ key, timestamp: row.updated_at.getTime(), value: row.value }] : [];
  });
}

/** Sets (or replaces) one entry; its timestamp becomes `now`. */
export async function setConfigEntry(
  kysely: Kysely<DB>,
  opts: { appkey: string; key: string; value: JsonValue; now: Date },
): Promise<ConfigEntry> {
  // Timestamps are compared in whole ms by clients, so store ms precision.
  const updatedAt = new Date(Math.floor(opts.now.getTime()));
  await kysely
    .insertInto('mpaas_config')
    .values({ appkey: opts.appkey, key: opts.key, value: JSON.stringify(opts.value), updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['appkey', 'key']).doUpdateSet({ value: JSON.stringify(opts.value), updated_at: updatedAt }))
    .execute();
  return { key: opts.key, timestamp: updatedAt.getTime(), value: opts.value };
}

/** Default entries a fresh install needs (the secure API list, the home banners and marquee). */
export const DEFAULT_CONFIG: Record<string, JsonValue> = {
  // docs/PRODUCT.md §7: POST bodies of these calls are encrypted (they carry a telephone number or a code).
  security_api_list: [
    { path: '/xqapi/account/sms/send_verification_code.json', method: 'POST' },
    { path: '/xqapi/provider/oauth/token', method: 'POST' },
  ],
  // Operator texts in Chinese, each with an optional English rendering (`title_en`, `text_en`) that the app shows
  // to an English reader (docs/PRODUCT.md §4 remote config); without one the Chinese text shows.
  home_banners: [
    { id: 'xjb', title: '现金宝 · 随存随取', title_en: 'Cash account · in and out any day', image: '/static/banner-xjb.png', link: '/xjb' },
    {
      id: 'value-center',
      title: '指数估值 · 低估好时机',
      title_en: 'Index valuation · buy when cheap',
      image: '/static/banner-valuation.png',
      link: '/djmodule/value-center',
    },
    {
      id: 'pension',
      title: '个人养老金 · 每年可省税',
      title_en: 'Personal pension · save tax every year',
      image: '/static/banner-pension.png',
      link: '/n/activity/pension',
    },
  ],
  home_marquee: {
    items: [
      { text: '基金投资有风险，选择需谨慎', text_en: 'Funds carry risk; choose with care', link: '' },
      {
        text: '现金宝单日快速取现上限 1 万元',
        text_en: 'Cash account: instant withdrawals up to 10,000 CNY a day',
        link: '/n/xjb/trade-rules',
      },
    ],
    // docs/PRODUCT.md §9: marquee default speed 50, gap 50 px.
    speed: 50,
    gap: 50,
  },
};

/**
 * Earlier defaults, exactly as they were stored: an entry still holding one of them was never touched by an operator,
 * so it takes the current default (issue 17 added the English texts).
 */
const PREVIOUS_DEFAULTS: Record<string, JsonValue[]> = {
  home_banners: [
    [
      { id: 'xjb', title: '现金宝 · 随存随取', image: '/static/banner-xjb.png', link: '/xjb' },
      { id: 'value-center', title: '指数估值 · 低估好时机', image: '/static/banner-valuation.png', link: '/djmodule/value-center' },
      { id: 'pension', title: '个人养老金 · 每年可省税', image: '/static/banner-pension.png', link: '/n/activity/pension' },
    ],
  ],
  home_marquee: [
    {
      items: [
        { text: '基金投资有风险，选择需谨慎', link: '' },
        { text: '现金宝单日快速取现上限 1 万元', link: '/n/xjb/trade-rules' },
      ],
      speed: 50,
      gap: 50,
    },
  ],
};

/** Inserts the defaults that are missing and upgrades untouched earlier defaults; never overwrites an operator's value. */
export async function ensureDefaultConfig(kysely: Kysely<DB>, now: Date, appkey = DEFAULT_MPAAS_APPKEY): Promise<void> {
  for (const [key, previous] of Object.entries(PREVIOUS_DEFAULTS)) {
    for (const old of previous) {
      await kysely
        .updateTable('mpaas_config')
        .set({ value: JSON.stringify(DEFAULT_CONFIG[key]), updated_at: now })
        .where('appkey', '=', appkey)
        .where('key', '=', key)
        .where(sql<boolean>`value = ${JSON.stringify(old)}::jsonb`)
        .execute();
    }
  }
  const rows = Object.entries(DEFAULT_CONFIG).map(([key, value]) => ({
    appkey,
    key,
    value: JSON.stringify(value),
    updated_at: now,
  }));
  await kysely
    .insertInto('mpaas_config')
    .values(rows)
    .onConflict((oc) => oc.columns(['appkey', 'key']).doNothing())
    .execute();
}
