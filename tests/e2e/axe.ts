// axe-core (the npm devDependency, injected from node_modules: nothing is downloaded at run time) over the page a
// browser test has open, with the WCAG 2.0/2.1 A and AA rules (issue 26, docs/PRODUCT.md §Accessibility).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

let source: string | undefined;

/** The rule sets the app is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** The offending elements (first few), each as its CSS target and a short HTML excerpt. */
  nodes: { target: string; html: string; summary: string }[];
  count: number;
}

/**
 * Runs axe on the page as it is now (violations only: the cheapest result type) and returns them. The first call
 * on a page evaluates axe's source there; a navigation drops it, so each run checks and evaluates it again when needed.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) {
    source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    // Evaluated, not added as a <script>: the app's Content-Security-Policy (rightly) refuses inline scripts, and a
    // DevTools evaluation is not subject to it.
    await page.evaluate(source);
  }
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 3).map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary ?? '').slice(0, 200),
      })),
    }));
  }, AXE_TAGS);
}

/** One line per violation kind, for an assertion message: `rule (n nodes): target — summary`. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.count}): ${v.nodes.map((n) => `${n.target} ${n.html} — ${n.summary}`).join(' | ')}`)
    .join('\n');
}

/**
 * Waits until the page has drawn its data: no loading placeholder left (skeletons, `aria-busy` regions, the server's
 * first screen). Cheaper than waiting for the network to stay idle for half a second on every page.
 */
export async function settledForAxe(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[aria-busy="true"], .nut-skeleton, .skeleton-list, #dj-first-paint')].some(
          // The demo page's widget showcase shows a skeleton for good (it is a widget there, not a load): not a wait.
          (element) => !element.closest('.demo-page__block'),
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}
