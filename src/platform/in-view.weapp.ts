import Taro from '@tarojs/taro';
import { IN_VIEW_THRESHOLD } from '@/lib/constants';
import type { InViewOptions, InViewTarget } from './in-view.types';

export function observeInView(target: InViewTarget, onVisible: () => void, options: InViewOptions = {}): () => void {
  if (!target.selector) return () => undefined;
  const threshold = options.threshold ?? IN_VIEW_THRESHOLD;
  const once = options.once ?? true;
  const scope = (target.scope ?? Taro.getCurrentInstance().page) as Parameters<typeof Taro.createIntersectionObserver>[0];
  const observer = Taro.createIntersectionObserver(scope, { thresholds: [threshold] });
  observer.relativeToViewport().observe(target.selector, (result) => {
    if ((result.intersectionRatio ?? 0) >= threshold) {
      onVisible();
      if (once) observer.disconnect();
    }
  });
  return () => observer.disconnect();
}
