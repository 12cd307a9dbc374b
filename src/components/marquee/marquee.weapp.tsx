// The mini program bundles its pages' code: the NutUI scroller from the start.
export { ScrollingMarquee as Marquee } from './scrolling-marquee';
export type { MarqueeProps } from './marquee.types';
