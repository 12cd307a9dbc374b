import { FIRST_PAINT_ELEMENT_ID, FIRST_PAINT_STYLE, escapeHtml } from './frame';

// The first paint of a shared fund link (/funding/{code}): the page's largest text — the fund's name — shows as
// soon as the HTML and its stylesheets are in. Only what the inlined fund answer says is shown: the name and code
// over the header bar and page frame; the figures are grey bars until the app draws.

interface FundSummaryAnswer {
  result_code?: unknown;
  data?: { fd_name?: unknown; fd_code?: unknown };
}

/** The fund page's first paint: the header bar, the fund's name and code, grey bars where its figures go. */
export function fundFirstPaint(code: string, answers: Record<string, unknown>): string {
  const summary = answers[`/djapi/fund/${code}`] as FundSummaryAnswer | undefined;
  const name = summary?.result_code === 0 ? summary.data?.fd_name : undefined;
  const fundCode = summary?.data?.fd_code;
  if (typeof name !== 'string' || name === '' || typeof fundCode !== 'string') return '';
  return (
    FIRST_PAINT_STYLE +
    `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true"><div class="page-shell">` +
    `<div class="dj-header"><div class="dj-header__bar"></div></div>` +
    `<div class="page-shell__body"><div class="fund-detail"><div class="fund-header">` +
    `<div class="fund-header__title"><span class="fund-header__name">${escapeHtml(name)}</span>` +
    `<span class="fund-header__code">${escapeHtml(fundCode)}</span></div>` +
    `<span class="dj-fp-bar"></span><span class="dj-fp-bar dj-fp-bar--wide"></span><span class="dj-fp-bar"></span>` +
    `</div></div></div></div></div>`
  );
}
