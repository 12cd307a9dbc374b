// docs/PRODUCT.md §2.6 / §9: in-view exposure — an element 80 % in view reports one `exposure` event, once.
import { act, render } from '@testing-library/react';
import { View } from '@tarojs/components';
import { useExposure } from '@/components/use-exposure/use-exposure';
import * as analytics from '@/platform/analytics';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observers: { callback: Callback; options?: IntersectionObserverInit; target?: Element; disconnected: boolean }[];

beforeEach(() => {
  jest.useFakeTimers();
  observers = [];
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    record: (typeof observers)[number];
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.record = { callback, options, disconnected: false };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.target = target;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  };
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function Banner({ enabled = true }: { enabled?: boolean }) {
  const id = useExposure('home_banners', { enabled });
  return <View id={id}>banner</View>;
}

function see(ratio: number): void {
  act(() => observers[0].callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]));
}

test('one exposure event when 80 % is in view, never twice', () => {
  const track = jest.spyOn(analytics, 'trackEvent').mockImplementation(() => undefined);
  render(<Banner />);
  act(() => void jest.advanceTimersByTime(1));
  expect(observers).toHaveLength(1);
  expect(observers[0].options?.threshold).toEqual([0.8]);
  expect(observers[0].target?.textContent).toBe('banner');
  see(0.5);
  expect(track).not.toHaveBeenCalled();
  see(0.85);
  expect(track).toHaveBeenCalledTimes(1);
  expect(track).toHaveBeenCalledWith('exposure', { module: 'home_banners', page: undefined });
  expect(observers[0].disconnected).toBe(true);
  track.mockRestore();
});

test('nothing is watched until the element is drawn (enabled)', () => {
  const { rerender } = render(<Banner enabled={false} />);
  act(() => void jest.advanceTimersByTime(1));
  expect(observers).toHaveLength(0);
  rerender(<Banner enabled />);
  act(() => void jest.advanceTimersByTime(1));
  expect(observers).toHaveLength(1);
});
