import type { ValuationItem, ValuationTable } from '../../../../src/lib/api-types/index-valuation';
import { formatPercent } from '../../../../src/lib/format';
import { t } from '../../../../src/locales/i18n';
import {
  DEFAULT_VALUATION_SORT,
  VALUATION_COLUMNS,
  sortValuation,
  valuationCell,
  valuationCounts,
} from '../../../../src/features/discover/valuation-rules';
import { answerData, escapeHtml, pageFirstPaint, pullRefresh, riskDisclosure, text, type PaintContext } from './frame';
import { VALUATION_URL } from '../page-boot';

// The first paint of the index valuation table (/djmodule/value-center): what src/features/discover/
// valuation-table.tsx draws from the inlined table — the summary and date, the legend, the sort line, the table
// in its opening order (valuation-rules.ts, shared with the app) and the risk disclosure.

function headRow(): string {
  const sort = DEFAULT_VALUATION_SORT;
  const cells = VALUATION_COLUMNS.map((c) => {
    const active = sort.key === c.key;
    return (
      `<div class="valuation__cell valuation__cell--${c.key} valuation__head${active ? ' valuation__head--active' : ''}">` +
      `${text('', t(c.label))}${text('valuation__arrow', active ? (sort.desc ? '↓' : '↑') : '↕')}</div>`
    );
  });
  return `<div class="valuation__row valuation__row--head">${cells.join('')}</div>`;
}

function row(item: ValuationItem): string {
  const cells = VALUATION_COLUMNS.map(
    (c) =>
      `<div class="valuation__cell valuation__cell--${c.key}">${text(c.key === 'name' ? 'valuation__name' : '', valuationCell(item, c.key))}` +
      (c.key === 'name' ? text(`valuation__tag valuation__tag--${item.eva_type}`, t(`discover.valuation.${item.eva_type}`)) : '') +
      `</div>`,
  );
  return `<div class="valuation__row valuation__row--${escapeHtml(item.eva_type)}" data-code="${escapeHtml(item.index_code)}">${cells.join('')}</div>`;
}

export function valueCenterFirstPaint(ctx: PaintContext, answers: Record<string, unknown>): string {
  const table = answerData<ValuationTable>(answers, VALUATION_URL);
  if (!table || !Array.isArray(table.items) || table.items.length === 0) return '';
  // The row class names the valuation (low / mid / high): nothing else may stand there.
  if (table.items.some((item) => !['low', 'mid', 'high'].includes(item.eva_type))) return '';
  const { items, low_percentile: low, high_percentile: high } = table;
  const sort = DEFAULT_VALUATION_SORT;
  const sortedLabel = t(VALUATION_COLUMNS.find((c) => c.key === sort.key)?.label ?? '');
  const body = pullRefresh(
    `<div class="valuation">` +
      `<div class="valuation__summary">${text('', t('discover.valuation.summary', valuationCounts(items)))}` +
      `${text('discover-note', t('discover.valuation.date', { date: items[0]?.date ?? '' }))}</div>` +
      text(
        'discover-note',
        t('discover.valuation.legend', {
          low: formatPercent(low, { ratio: true, decimals: 0 }),
          high: formatPercent(high, { ratio: true, decimals: 0 }),
        }),
      ) +
      `<div class="valuation__bar">` +
      text(
        'valuation__sorted',
        t('discover.valuation.sorted', {
          column: sortedLabel,
          direction: t(sort.desc ? 'discover.valuation.desc' : 'discover.valuation.asc'),
        }),
      ) +
      text('valuation__swipe', `${t('discover.valuation.swipe')} →`) +
      `</div>` +
      `<div class="valuation__wrap"><div class="valuation__table">${headRow()}${sortValuation(items, sort).map(row).join('')}</div></div>` +
      riskDisclosure() +
      `</div>`,
  );
  return pageFirstPaint(ctx, { title: t('discover.valuation.title'), body });
}
