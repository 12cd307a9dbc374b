import type { ReactNode } from 'react';
import { PullToRefresh } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/pulltorefresh/style/css';
import { PULL_REFRESH_DONE_HOLD_MS } from '@/lib/constants';
import { t } from '@/locales/i18n';

export interface PullRefreshProps {
  /** Reloads the content; the spinner shows until the promise settles. */
  onRefresh: () => Promise<unknown>;
  /** How long the "refreshed" text stays, in ms; defaults to PULL_REFRESH_DONE_HOLD_MS (500). */
  completeDelay?: number;
  disabled?: boolean;
  /** Current scroll offset of the enclosing ScrollView (weapp: pulling only starts at the top). */
  scrollTop?: number;
  children: ReactNode;
}

/** Pull-down-to-refresh around a list (NutUI PullToRefresh) with the catalogue's texts. */
export function PullRefresh({
  onRefresh,
  completeDelay = PULL_REFRESH_DONE_HOLD_MS,
  disabled = false,
  scrollTop,
  children,
}: PullRefreshProps) {
  return (
    <PullToRefresh
      className='pull-refresh'
      onRefresh={onRefresh}
      completeDelay={completeDelay}
      disabled={disabled}
      scrollTop={scrollTop}
      pullingText={t('components.pullRefresh.pulling')}
      canReleaseText={t('components.pullRefresh.canRelease')}
      refreshingText={t('components.pullRefresh.refreshing')}
      completeText={t('components.pullRefresh.complete')}
    >
      {children}
    </PullToRefresh>
  );
}
