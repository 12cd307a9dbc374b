import { SPRING_DEFAULTS } from './spring-config';

/** A spring's stiffness and damping (unit mass), as in SPRING_DEFAULTS. */
export interface SpringConfig {
  tension: number;
  friction: number;
}

// The spring defaults (docs/PRODUCT.md §9: tension 170, friction 26, unit mass) as CSS can play them: the spring's
// position over time sampled into a `linear()` easing, and the time it takes to settle. The sheets (NutUI popups)
// and the H5 page transitions use them (src/app.scss), so every moving part of the app follows the one spring.

/** Position (0 → 1) of a unit-mass spring released at rest at 0 towards 1, after `seconds`. */
export function springPosition(seconds: number, config: SpringConfig = SPRING_DEFAULTS): number {
  const omega = Math.sqrt(config.tension);
  const zeta = config.friction / (2 * omega);
  if (seconds <= 0) return 0;
  if (zeta < 1) {
    const damped = omega * Math.sqrt(1 - zeta * zeta);
    const decay = Math.exp(-zeta * omega * seconds);
    return 1 - decay * (Math.cos(damped * seconds) + ((zeta * omega) / damped) * Math.sin(damped * seconds));
  }
  if (zeta === 1) return 1 - Math.exp(-omega * seconds) * (1 + omega * seconds);
  const root = Math.sqrt(zeta * zeta - 1);
  const r1 = -omega * (zeta - root);
  const r2 = -omega * (zeta + root);
  return 1 - (r2 * Math.exp(r1 * seconds) - r1 * Math.exp(r2 * seconds)) / (r2 - r1);
}

/** Milliseconds until the spring stays within `precision` of its target (react-spring's default precision 0.01). */
export function springSettleMs(config: SpringConfig = SPRING_DEFAULTS, precision = 0.01): number {
  const stepMs = 5;
  let settledSince: number | null = null;
  for (let ms = 0; ms <= 5_000; ms += stepMs) {
    const off = Math.abs(1 - springPosition(ms / 1000, config));
    if (off < precision) settledSince ??= ms;
    else settledSince = null;
  }
  return settledSince ?? 5_000;
}

/** The spring as a CSS easing over its settle time: `linear(0, …, 1)` with `samples` steps, and that duration. */
export function springEasing(config: SpringConfig = SPRING_DEFAULTS, samples = 20): { durationMs: number; easing: string } {
  const durationMs = springSettleMs(config);
  const points: string[] = [];
  for (let i = 0; i <= samples; i += 1) {
    const value = i === samples ? 1 : springPosition(((i / samples) * durationMs) / 1000, config);
    points.push(String(Math.round(value * 10_000) / 10_000));
  }
  return { durationMs, easing: `linear(${points.join(', ')})` };
}

/**
 * H5: publishes the spring as `--dj-spring-easing` and `--dj-spring-duration` on the root element (read by
 * src/app.scss); a browser without CSS `linear()` keeps its default easing. Returns whether they were set.
 */
export function applySpringVariables(root: HTMLElement | undefined = globalThis.document?.documentElement): boolean {
  const { durationMs, easing } = springEasing();
  const supports = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('transition-timing-function', easing);
  if (!root || !supports) return false;
  root.style.setProperty('--dj-spring-easing', easing);
  root.style.setProperty('--dj-spring-duration', `${durationMs}ms`);
  return true;
}
