import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AutoSwiper } from '@/components/auto-swiper/auto-swiper';
import { Marquee } from '@/components/marquee/marquee';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SPRING_DEFAULTS } from '@/components/spring/spring-config';

describe('AutoSwiper', () => {
  it('autoplays in a loop every 3000 ms, one slide per child', () => {
    render(
      <AutoSwiper>
        <span>基金定投</span>
        <span>现金宝</span>
      </AutoSwiper>,
    );
    const swiper = document.querySelector('taro-swiper-core') as HTMLElement & { interval: number; autoplay: boolean; circular: boolean };
    expect(swiper.interval).toBe(3000);
    expect(swiper.autoplay).toBe(true);
    expect(swiper.circular).toBe(true);
    expect(document.querySelectorAll('taro-swiper-item-core')).toHaveLength(2);
    expect(screen.getByText('现金宝')).toBeInTheDocument();
  });
});

describe('Marquee', () => {
  it('leaves a 50 px gap after the text before it comes round again', async () => {
    render(<Marquee>新发基金认购中</Marquee>);
    // H5 draws the line still until the first autoplay interval or a touch; the scroller then takes its place.
    fireEvent.touchStart(screen.getByText('新发基金认购中'));
    await waitFor(() => expect(document.querySelector('.nut-noticebar .marquee__text')).toHaveStyle({ paddingRight: '50px' }));
    expect(document.querySelector('.marquee--still')).toBeNull();
  });
});

describe('PullRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function pullDown(area: Element, distance: number): Promise<void> {
    const at = (y: number) => ({ touches: [{ clientX: 10, clientY: y }], changedTouches: [{ clientX: 10, clientY: y }] });
    fireEvent.touchStart(area, at(0));
    for (let y = 20; y <= distance; y += 20) fireEvent.touchMove(area, at(y));
    await act(async () => {
      fireEvent.touchEnd(area, at(distance));
    });
  }

  it('refreshes when pulled far enough and holds the completion text 500 ms', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <PullRefresh onRefresh={onRefresh}>
        <span>基金列表</span>
      </PullRefresh>,
    );
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    await pullDown(document.querySelector('.pull-refresh')!, 300);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('正在刷新…')).toBeInTheDocument();

    await act(async () => finish());
    expect(screen.getByText('刷新完成')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(499);
    });
    expect(screen.getByText('刷新完成')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await act(async () => {
      jest.runOnlyPendingTimers();
    });
    expect(screen.queryByText('刷新完成')).not.toBeInTheDocument();
  });
});

describe('spring defaults', () => {
  it('are tension 170, friction 26', () => {
    expect(SPRING_DEFAULTS).toEqual({ tension: 170, friction: 26 });
  });
});
