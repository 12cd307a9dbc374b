import { escapeHtml, pageFirstPaint, type PaintContext } from './frame';

// The first paint of a shared fund link (/funding/{code}): the page's largest text — the fund's name — shows as
// soon as the HTML and its stylesheets are in. Only what the inlined fund answer says is shown: the name and code
// under the page frame and header (titled with the name, as the app's); the figures are grey bars until the app draws.

interface FundSummaryAnswer {
  result_code?: unknown;
  data?: { fd_name?: unknown; fd_code?: unknown };
}

/** The fund page's first paint: the header, the fund's name and code, grey bars where its figures go. */
export function fundFirstPaint(ctx: PaintContext, code: string, answers: Record<string, unknown>): string {
  const summary = answers[`/djapi/fund/${code}`] as FundSummaryAnswer | undefined;
  const name = summary?.result_code === 0 ? summary.data?.fd_name : undefined;
  const fundCode = summary?.data?.fd_code;
  if (typeof name !== 'string' || name === '' || typeof fundCode !== 'string') return '';
  const body =
    `<div class="fund-detail"><div class="fund-header">` +
    `<div class="fund-header__title"><span class="fund-header__name">${escapeHtml(name)}</span>` +
    `<span class="fund-header__code">${escapeHtml(fundCode)}</span></div>` +
    `<span class="dj-fp-bar"></span><span class="dj-fp-bar dj-fp-bar--wide"></span><span class="dj-fp-bar"></span>` +
    `</div></div>`;
  return pageFirstPaint(ctx, { title: name, body });
}
