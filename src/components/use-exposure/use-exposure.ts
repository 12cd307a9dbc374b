import { useEffect, useState } from 'react';
import { TRACK_EVENTS, trackEvent, type PageCode } from '@/platform/analytics';
import { observeInView } from '@/platform/in-view';

let nextId = 0;

/**
 * In-view exposure tracking (docs/PRODUCT.md §2.6, §9 "counted as seen: 80 % visible"): once the element carrying
 * the returned `id` is 80 % in view, one `exposure` event is recorded with `module` (and the page code when given) —
 * once per mount of the component, however often it scrolls in and out. `enabled` waits for the element to be
 * drawn (a list that is still loading). Both builds: an IntersectionObserver on H5, the mini program's own in a page.
 */
export function useExposure(module: string, options: { enabled?: boolean; page?: PageCode } = {}): string {
  const { enabled = true, page } = options;
  const [id] = useState(() => `dj-exposure-${++nextId}`);
  useEffect(() => {
    if (!enabled) return undefined;
    let stop: () => void = () => undefined;
    let seen = false;
    // After this render is on screen: the element exists by then (both builds draw asynchronously).
    const timer = setTimeout(() => {
      stop = observeInView({ selector: `#${id}` }, () => {
        if (seen) return;
        seen = true;
        trackEvent(TRACK_EVENTS.exposure, { module, page });
      });
    }, 0);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [id, module, page, enabled]);
  return id;
}
