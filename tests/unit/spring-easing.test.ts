// docs/PRODUCT.md §9 spring defaults (tension 170, friction 26) as the CSS easing of the sheets and page transitions.
import { applySpringVariables, springEasing, springPosition, springSettleMs } from '@/components/spring/spring-easing';

test('the spring starts at 0, ends at 1, and barely overshoots (friction 26 is just under critical damping)', () => {
  expect(springPosition(0)).toBe(0);
  expect(springPosition(2)).toBeCloseTo(1, 6);
  const samples = Array.from({ length: 200 }, (_, i) => springPosition(i / 100));
  expect(Math.max(...samples)).toBeLessThan(1.001);
  // Monotone rise while far from the target.
  for (let i = 1; i < 40; i += 1) expect(samples[i]).toBeGreaterThan(samples[i - 1]);
  // A stiffer spring arrives sooner; more friction arrives later.
  expect(springSettleMs({ tension: 300, friction: 26 })).toBeLessThan(springSettleMs());
  expect(springSettleMs({ tension: 170, friction: 60 })).toBeGreaterThan(springSettleMs());
});

test('settles within 1 % in about half a second; the easing is a linear() curve from 0 to 1', () => {
  const settle = springSettleMs();
  expect(settle).toBeGreaterThan(400);
  expect(settle).toBeLessThan(650);
  const { durationMs, easing } = springEasing();
  expect(durationMs).toBe(settle);
  expect(easing).toMatch(/^linear\(0, [\d., ]+, 1\)$/);
  expect(easing.split(',')).toHaveLength(21);
});

test('published as CSS variables only where the browser plays linear()', () => {
  const root = document.createElement('div');
  const css = (globalThis as { CSS?: { supports?: unknown } }).CSS;
  (globalThis as { CSS?: unknown }).CSS = { supports: () => false };
  expect(applySpringVariables(root)).toBe(false);
  expect(root.style.getPropertyValue('--dj-spring-easing')).toBe('');
  (globalThis as { CSS?: unknown }).CSS = { supports: () => true };
  expect(applySpringVariables(root)).toBe(true);
  expect(root.style.getPropertyValue('--dj-spring-easing')).toMatch(/^linear\(/);
  expect(root.style.getPropertyValue('--dj-spring-duration')).toBe(`${springSettleMs()}ms`);
  (globalThis as { CSS?: unknown }).CSS = css;
});
