import { IN_VIEW_THRESHOLD } from '@/lib/constants';
import type { InViewOptions, InViewTarget } from './in-view.types';

export function observeInView(target: InViewTarget, onVisible: () => void, options: InViewOptions = {}): () => void {
  const threshold = options.threshold ?? IN_VIEW_THRESHOLD;
  const once = options.once ?? true;
  const element = target.element ?? (target.selector && typeof document !== 'undefined' ? document.querySelector(target.selector) : null);
  if (!element || typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.intersectionRatio >= threshold) {
          onVisible();
          if (once) observer.disconnect();
          return;
        }
      }
    },
    { threshold: [threshold] },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
