import { ANIMATION_FRICTION, ANIMATION_TENSION } from '@/lib/constants';

/**
 * docs/PRODUCT.md §9 animation defaults, in the shape spring libraries take (`@react-spring` `config`):
 * every spring animation in our components starts from these.
 */
export const SPRING_DEFAULTS = Object.freeze({
  tension: ANIMATION_TENSION,
  friction: ANIMATION_FRICTION,
});

export type SpringConfig = typeof SPRING_DEFAULTS;
