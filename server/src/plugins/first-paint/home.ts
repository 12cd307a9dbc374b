import type { FilterPage } from '../../../../src/lib/api-types/fund';
import type { ValuationTable } from '../../../../src/lib/api-types/index-valuation';
import { fundTypeName } from '../../../../src/lib/format';
import { brandName } from '../../../../src/lib/brand';
import { localizedText, t } from '../../../../src/locales/i18n';
import { valuationCounts } from '../../../../src/features/discover/valuation-rules';
import {
  BANNER_HEIGHT_PX,
  BANNER_TONES,
  HOME_BANNERS_KEY,
  HOME_ENTRIES,
  HOME_MARQUEE_KEY,
  asBanners,
  asMarquee,
} from '../../../../src/features/home/home-content';
import { HOME_RANKED_URL, VALUATION_URL, mpaasKey } from '../page-boot';
import { answerData, escapeHtml, nutIcon, pageFirstPaint, percentText, riskDisclosure, text, type PaintContext } from './frame';

// The first paint of home (/index, /, /_app): what pages/index/index.tsx and src/features/home draw once their
// inlined answers are in — the search bar, the entry grid, the notice line and the first banner (both still, as the
// app draws them before they start moving), the one-year ranking's funds, the valuation summary and the risk
// disclosure. The entries, banner colours and config parsing are home-content.ts, shared with the app.

/** A remote config key's value from its inlined answer (src/platform/mpaas.ts: the envelope's data.data[key]). */
function configValue(answers: Record<string, unknown>, key: string): { value: unknown } | undefined {
  const content = answerData<{ data?: Record<string, { value?: unknown } | undefined> }>(answers, mpaasKey(key))?.data;
  const entry = content?.[key];
  return entry && 'value' in entry ? { value: entry.value } : undefined;
}

/** features/fund/search-box.tsx: NutUI's round search bar, empty. */
function searchBar(): string {
  return (
    `<div class="home__search"><div class="search-box"><div class="nut-searchbar"><div class="nut-searchbar-content nut-searchbar-round">` +
    `<div class="nut-searchbar-leftin nut-searchbar-icon">${nutIcon('Search')}</div>` +
    `<div class="nut-searchbar-input-box"><input class="taro-input-core weui-input nut-searchbar-input" type="text" tabindex="-1" readonly placeholder="${escapeHtml(t('search.placeholder'))}"></div>` +
    `<div class="nut-searchbar-clear nut-searchbar-icon" style="visibility:hidden">${nutIcon('MaskClose')}</div>` +
    `</div></div></div></div>`
  );
}

function entries(): string {
  const cells = HOME_ENTRIES.map(
    (e) => `<div class="home__entry">${text('home__entry-glyph', t(e.glyph))}${text('home__entry-label', t(e.label))}</div>`,
  );
  return `<div class="home__entries">${cells.join('')}</div>`;
}

/** home-banners.tsx + components/marquee (its still line): the notices in a row, or nothing when there are none. */
function marquee(value: unknown): string {
  const config = asMarquee(value);
  const notices = config?.items ?? [];
  if (notices.length === 0) return '';
  const line = notices.map((n) => localizedText(n.text, n.text_en)).join(t('home.noticeSeparator'));
  return (
    `<div class="home__marquee"><div class="nut-noticebar marquee marquee--still"><div class="nut-noticebar-box nut-noticebar-box-left">` +
    `<div class="nut-noticebar-box-left-icon">${text('home__notice', t('home.notice'))}</div>` +
    `<div class="nut-noticebar-box-wrap"><div class="nut-noticebar-box-wrap-content">` +
    `<div class="marquee__text">${escapeHtml(line)}</div>` +
    `</div></div></div></div></div>`
  );
}

/** home-banners.tsx + banner-carousel.h5.tsx: the first banner, still. */
function banners(value: unknown): string {
  const first = asBanners(value)[0];
  if (!first) return '';
  return (
    `<div class="home__banners"><div class="home__banner-still" style="height:${BANNER_HEIGHT_PX}px">` +
    `<div class="home__banner" style="background:${BANNER_TONES[0]}">${text('home__banner-title', localizedText(first.title, first.title_en))}</div>` +
    `</div></div>`
  );
}

function cardHead(title: string, more: string): string {
  return `<div class="home__card-head">${text('home__card-title', title)}${text('home__more', more)}</div>`;
}

function rankedFunds(list: FilterPage): string {
  const rows = list.items.map(
    (f) =>
      `<div class="home__fund" data-code="${escapeHtml(f.fd_code)}"><div class="home__fund-name">${text('', f.fd_name)}` +
      // home-screen.tsx's line under the name: the code · the fund type.
      `${text('home__fund-code', `${f.fd_code} · ${fundTypeName(f.type_desc)}`)}</div>` +
      `<div class="home__fund-yield">${percentText(f.yield, { sign: true })}${text('home__fund-code', t('home.ranked.yield'))}</div></div>`,
  );
  return `<div class="home__card">${cardHead(t('home.ranked.title'), t('home.ranked.more'))}${rows.join('')}</div>`;
}

/** home-screen.tsx `Valuation`: the low / normal / high counts of the table (home/api.ts getValuationSummary) and its newest date. */
function valuation(table: ValuationTable): string {
  const counts = valuationCounts(table.items);
  const date = table.items.reduce<string | null>((newest, item) => (!newest || item.date > newest ? item.date : newest), null);
  const cells = (['low', 'mid', 'high'] as const).map(
    (k) =>
      `<div class="home__eva-cell home__eva-cell--${k}">${text('home__eva-count', t('home.valuation.count', { n: counts[k] }))}${text('', t(`home.valuation.${k}`))}</div>`,
  );
  return (
    `<div class="home__card">${cardHead(t('home.valuation.title'), t('home.valuation.more'))}<div class="home__eva">${cells.join('')}</div>` +
    (date ? text('home__fund-code', t('home.valuation.date', { date })) : '') +
    `</div>`
  );
}

export function homeFirstPaint(ctx: PaintContext, answers: Record<string, unknown>): string {
  const ranked = answerData<FilterPage>(answers, HOME_RANKED_URL);
  const table = answerData<ValuationTable>(answers, VALUATION_URL);
  const bannerConfig = configValue(answers, HOME_BANNERS_KEY);
  const marqueeConfig = configValue(answers, HOME_MARQUEE_KEY);
  // Every part of the first screen must be known: a missing answer is a part the app draws differently (its ghost
  // rows, an error box), so the page is left to the app.
  if (!ranked || !Array.isArray(ranked.items) || ranked.items.length === 0) return '';
  if (!table || !Array.isArray(table.items) || !bannerConfig || !marqueeConfig) return '';
  const body =
    searchBar() +
    `<div class="home">${entries()}${marquee(marqueeConfig.value)}${banners(bannerConfig.value)}` +
    `${rankedFunds(ranked)}${valuation(table)}${riskDisclosure()}</div>`;
  return pageFirstPaint(ctx, { title: brandName(ctx.brand, ctx.locale), fullWidth: true, body });
}
