import type { IndexCategories, IndexFunds, IndexSummary, TrackingFund } from '../../../../src/lib/api-types/discover';
import { formatAmount, formatPercent } from '../../../../src/lib/format';
import { t } from '../../../../src/locales/i18n';
import { answerData, escapeHtml, nutIcon, pageFirstPaint, percentText, riskDisclosure, text, type PaintContext } from './frame';
import { INDEX_CATEGORIES_URL, indexFundsUrl } from '../page-boot';

// The first paint of index fund picking (/index-mass): what src/features/discover/index-mass.tsx draws from the
// inlined answers — the category choices (NutUI radio buttons, the first chosen), the first category's index cards
// (the first chosen), the funds tracking that index with their pick boxes, the comparison bar (nothing picked) and
// the risk disclosure.

function categoryChoices(categories: IndexCategories['categories']): string {
  const buttons = categories.map(
    (c, i) =>
      `<div class="nut-radio discover-choices__item"><div class="nut-radio-button${i === 0 ? ' nut-radio-button-active' : ''}">` +
      `${escapeHtml(t(`discover.indexMass.category.${c.key}`))}</div></div>`,
  );
  return `<div class="discover-choices"><div class="nut-radiogroup nut-radiogroup-horizontal discover-choices__group">${buttons.join('')}</div></div>`;
}

function indexCard(index: IndexSummary, active: boolean): string {
  return (
    `<div class="index-mass__index${active ? ' index-mass__index--active' : ''}" data-code="${escapeHtml(index.index_code)}">` +
    text('index-mass__index-name', index.name) +
    text('index-mass__index-fact', t('discover.indexMass.fundCount', { count: index.fund_count })) +
    `<div class="index-mass__index-fact">${text('', t('discover.indexMass.percent1y'))}${percentText(index.percent_1y, { sign: true })}</div>` +
    (index.pe_percentile
      ? text('index-mass__index-fact', t('discover.indexMass.pePercentile', { value: formatPercent(index.pe_percentile, { ratio: true }) }))
      : '') +
    `</div>`
  );
}

function fundRow(f: TrackingFund): string {
  const facts = [
    `${t('discover.indexMass.annualFee')} ${formatPercent(f.annual_fee)}`,
    `${t('discover.indexMass.purchaseFee')} ${formatPercent(f.declare_rate_discounted)}`,
    `${t('discover.indexMass.size')} ${formatAmount(f.total_asset)}`,
  ];
  return (
    `<div class="index-mass__fund" data-code="${escapeHtml(f.fd_code)}">` +
    `<div class="nut-checkbox index-mass__pick">${nutIcon('CheckNormal', 'nut-checkbox-icon')}<div class="nut-checkbox-label "></div></div>` +
    `<div class="index-mass__fund-main">${text('discover-fund__name', f.fd_name)}<div class="discover-fund__facts">` +
    `${text('discover-fund__code', f.fd_code)}${facts.map((fact) => text('discover-fund__fact', fact)).join('')}</div></div>` +
    `<div class="discover-fund__value">${text('index-mass__te', formatPercent(f.tracking_error))}${text('discover-fund__caption', t('discover.indexMass.trackingError'))}</div>` +
    `</div>`
  );
}

/** The comparison bar with nothing picked: its hint, 清空 and 对比（0）, both disabled (NutUI buttons). */
function compareBar(): string {
  const button = (kind: 'default' | 'primary', label: string) => {
    const look =
      kind === 'default' ? 'nut-button-default nut-button-none nut-button-default-none' : 'nut-button-primary nut-button-primary-solid';
    const disabled = kind === 'default' ? 'nut-button-default-none-disabled' : 'nut-button-primary-disabled';
    return (
      `<div class="nut-button ${look} nut-button-small nut-button-round nut-button-round-small nut-button-disabled ${disabled} taro-button-core taro-btn-default">` +
      `<div class="nut-button-wrap"><div class="nut-button-children nut-button-small-children nut-button-${kind}-children ${disabled}">${escapeHtml(label)}</div></div></div>`
    );
  };
  return (
    `<div class="index-mass__bar">${text('discover-note', t('discover.indexMass.compareHint'))}` +
    button('default', t('discover.indexMass.clear')) +
    button('primary', t('discover.indexMass.compare', { count: 0 })) +
    `</div>`
  );
}

export function indexMassFirstPaint(ctx: PaintContext, answers: Record<string, unknown>): string {
  const categories = answerData<IndexCategories>(answers, INDEX_CATEGORIES_URL)?.categories;
  const category = Array.isArray(categories) ? categories[0] : undefined;
  const index = Array.isArray(category?.indices) ? category.indices[0] : undefined;
  if (!categories || !category || !index) return '';
  const funds = answerData<IndexFunds>(answers, indexFundsUrl(index.index_code))?.funds;
  if (!Array.isArray(funds)) return '';
  // An empty list is the app's EmptyBox: not drawn here (the page draws it when it starts).
  if (funds.length === 0) return '';
  const body =
    `<div class="index-mass">${categoryChoices(categories)}` +
    `<div class="index-mass__indices">${category.indices.map((i) => indexCard(i, i.index_code === index.index_code)).join('')}</div>` +
    `<div class="index-mass__funds">${text('discover-section-title', t('discover.indexMass.funds', { name: index.name }))}` +
    `${text('discover-note', t('discover.indexMass.trackingNote'))}${funds.map(fundRow).join('')}${compareBar()}</div>` +
    riskDisclosure() +
    `</div>`;
  return pageFirstPaint(ctx, { title: t('discover.indexMass.title'), body });
}
