import { Empty, type EmptyProps } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/empty/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { t } from '@/locales/i18n';
import { NETWORK_ERROR_ILLUSTRATION } from '../empty-box/empty-illustrations';
import { Illustration } from '../empty-box/empty-box';

export interface ErrorBoxProps {
  /** Defaults to "Network exception, please retry later". */
  title?: string;
  /** Shows "Click to retry", which calls this (e.g. refetch the failed request). */
  onRetry?: () => void;
  /**
   * Shows "Refresh", which reloads the whole page. Defaults to true when there is no `onRetry`,
   * so an error box always offers a way out.
   */
  refreshable?: boolean;
}

/** Reloads the page the user is on: opens its own URL again in its place (both targets). */
function reloadCurrentPage(): void {
  void navigateToSpecUrl(currentSpecUrl(), { replace: true });
}

type EmptyAction = EmptyProps['actions'][number];

/** NutUI types an action's onClick as returning a function (a typing slip): give it one, unused. */
function nutAction(text: string, type: 'primary' | 'default', run: () => void): EmptyAction {
  return {
    text,
    type,
    onClick: () => {
      run();
      return () => undefined;
    },
  };
}

/** What a page or section shows when its data could not be loaded. */
export function ErrorBox({ title, onRetry, refreshable = onRetry === undefined }: ErrorBoxProps) {
  const actions: EmptyAction[] = [];
  if (onRetry) actions.push(nutAction(t('components.error.retry'), 'primary', onRetry));
  if (refreshable) actions.push(nutAction(t('components.error.refresh'), 'default', reloadCurrentPage));
  return (
    <Empty
      className='error-box'
      image={<Illustration src={NETWORK_ERROR_ILLUSTRATION} />}
      title={title ?? t('components.error.title')}
      size='small'
      actions={actions}
    />
  );
}
