// Accessibility helpers (issue 26): NutUI's mini-program ARIA spelling becomes real attributes on H5, its widgets say
// their state, and a fund chart's text alternative says the period, its dates, the figure at its end and the range.
import { chartSummaryText } from '@/features/fund/fund-chart';

// The chart itself (a canvas drawn in a worker) is not what is tested here.
jest.mock('@/features/fund/growth-chart', () => ({ GrowthChart: () => null }));
import { percentText } from '@/components/chart/nav-line-elements';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { roleProps } from '@/components/a11y/role-props';
import { setLocale } from '@/locales/i18n';
import { ariaAttributeName, installAccessibility, syncNutState } from '@/platform/a11y-host';

afterEach(() => setLocale('zh-CN'));

it('maps ariaRole / aria-role to role and ariaXxx to aria-xxx, other names unchanged', () => {
  expect(ariaAttributeName('ariaRole')).toBe('role');
  expect(ariaAttributeName('aria-role')).toBe('role');
  expect(ariaAttributeName('ariaChecked')).toBe('aria-checked');
  expect(ariaAttributeName('ariaLabel')).toBe('aria-label');
  expect(ariaAttributeName('aria-label')).toBe('aria-label');
  expect(ariaAttributeName('class')).toBe('class');
});

it('NutUI widgets: checked from their classes, a greyed button aria-disabled', () => {
  installAccessibility();
  const box = document.createElement('div');
  box.className = 'nut-checkbox nut-checkbox-active';
  syncNutState(box);
  expect(box.getAttribute('aria-checked')).toBe('true');
  const toggle = document.createElement('div');
  toggle.className = 'nut-switch nut-switch-close';
  syncNutState(toggle);
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  const button = document.createElement('button');
  button.className = 'nut-button nut-button-disabled';
  syncNutState(button);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  // Written the mini program's way, read the browser's way.
  const view = document.createElement('div');
  view.setAttribute('ariaRole', 'radio');
  expect(view.getAttribute('role')).toBe('radio');
});

it("a chart's text alternative: period, dates, end figure, low and high", () => {
  const points = [
    { date: '2026-01-05', fund: 0, benchmark: null },
    { date: '2026-06-30', fund: -0.052, benchmark: null },
    { date: '2026-11-27', fund: 0.1234, benchmark: null },
  ];
  expect(chartSummaryText(points, '近1年', '区间收益 +12.34%', percentText)).toBe(
    '近1年（2026-01-05至2026-11-27）：区间收益 +12.34%，最低-5.20%，最高+12.34%',
  );
  setLocale('en-US');
  expect(chartSummaryText(points, '1Y', 'return +12.34%', percentText)).toBe(
    '1Y (2026-01-05 to 2026-11-27): return +12.34%, low -5.20%, high +12.34%',
  );
});

// The mini program reads `aria-role` (Taro's `ariaRole`), not `role`: a control's role written as `role='button'`
// alone would be one only on H5. components/a11y/role-props.ts gives both.
it('every control role in src is given for both builds (roleProps), never as an H5-only role=', () => {
  const root = path.resolve(__dirname, '../../src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.tsx') ? [path.join(dir, e.name)] : [],
    );
  const h5Only = files(root).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
      .filter(({ line }) => /\brole=['"{](button|link|tab|switch|radio|checkbox|textbox)\b/.test(line.replace(/role=\{'/, "role='")))
      .map(({ at }) => at),
  );
  expect(h5Only).toEqual([]);
});

it('roleProps says the role in both spellings', () => {
  expect(roleProps('button')).toEqual({ role: 'button', ariaRole: 'button' });
});
