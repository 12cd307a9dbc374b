// Remote-config defaults (issue 17): the home banners and marquee carry English texts, an install that still holds
// the earlier defaults gets them, and an operator's own value is never overwritten.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_CONFIG, ensureDefaultConfig, readConfigEntries, setConfigEntry } from '../../server/src/services/mpaas-config';
import type { Database } from '../../server/src/db/database';
import { createTestDatabase } from './helpers';

const APPKEY = 'social';
async function getConfigEntry(db: Database, key: string) {
  const [entry] = await readConfigEntries(db.kysely, APPKEY, [key]);
  return entry;
}

const OLD_MARQUEE = {
  items: [
    { text: '基金投资有风险，选择需谨慎', link: '' },
    { text: '现金宝单日快速取现上限 1 万元', link: '/n/xjb/trade-rules' },
  ],
  speed: 50,
  gap: 50,
};

describe('remote-config defaults', () => {
  let db: Database;
  let drop: () => Promise<void>;
  before(async () => ({ db, drop } = await createTestDatabase()));
  after(() => drop());

  it('gives every default banner and notice an English text', () => {
    const banners = DEFAULT_CONFIG.home_banners as Array<{ title: string; title_en?: string }>;
    const marquee = DEFAULT_CONFIG.home_marquee as { items: Array<{ text: string; text_en?: string }> };
    for (const text of [...banners.map((b) => b.title_en), ...marquee.items.map((i) => i.text_en)]) {
      assert.ok(text && /^[\x20-\x7e·–]+$/.test(text), `English text: ${text}`);
    }
  });

  it('upgrades an untouched earlier default and leaves an operator value alone', async () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    await setConfigEntry(db.kysely, { appkey: APPKEY, key: 'home_marquee', value: OLD_MARQUEE, now });
    const own = [{ id: 'x', title: '新品上线', link: '/xjb' }];
    await setConfigEntry(db.kysely, { appkey: APPKEY, key: 'home_banners', value: own, now });
    await ensureDefaultConfig(db.kysely, new Date('2026-01-03T00:00:00.000Z'), APPKEY);
    const marquee = await getConfigEntry(db, 'home_marquee');
    assert.deepEqual(marquee?.value, DEFAULT_CONFIG.home_marquee);
    assert.equal(marquee?.timestamp, Date.parse('2026-01-03T00:00:00.000Z'), 'clients see a new timestamp and refresh');
    assert.deepEqual((await getConfigEntry(db, 'home_banners'))?.value, own);
  });
});
