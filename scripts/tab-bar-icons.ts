// Renders the mini program's tab bar icons (src/assets/tab-bar/<key>.png, <key>-active.png) from the H5 bar's SVG
// paths (src/components/tab-bar/tab-bar-rules.ts TAB_ICONS), so both bars show the same icons. WeChat takes PNG
// files only (81 × 81 px advised, ≤ 40 KB each). Run after changing an icon: node --import tsx scripts/tab-bar-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { TAB_ICONS, type TabKey } from '../src/components/tab-bar/tab-bar-rules';

const OUT = path.resolve(__dirname, '..', 'src', 'assets', 'tab-bar');
const SIZE = 81;
/** The colours of both bars: tab-bar.scss (H5) and app.config.ts `tabBar` (mini program). */
const COLOURS = { normal: '#888888', active: '#ff6d00' };

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
    for (const [key, d] of Object.entries(TAB_ICONS) as [TabKey, string][]) {
      for (const [suffix, colour] of [
        ['', COLOURS.normal],
        ['-active', COLOURS.active],
      ] as const) {
        await page.setContent(
          `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" ` +
            `width="${SIZE}" height="${SIZE}" style="display:block"><path fill="${colour}" d="${d}"/></svg></body></html>`,
        );
        const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
        const file = path.join(OUT, `${key}${suffix}.png`);
        writeFileSync(file, png);
        console.log(`${path.relative(process.cwd(), file)} ${png.length} bytes`);
      }
    }
  } finally {
    await browser.close();
  }
}

void main();
