import type { ReactNode } from 'react';
import { Empty } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/empty/style/css';
import { t } from '@/locales/i18n';
import { EMPTY_ILLUSTRATION } from './empty-illustrations';

export interface EmptyBoxProps {
  /** Defaults to "No data yet". */
  title?: string;
  /** Optional second line under the title. */
  description?: string;
  /** Extra content under the texts, e.g. a link to search something else. */
  children?: ReactNode;
}

/** The placeholder of a list or page with nothing to show. */
export function EmptyBox({ title, description, children }: EmptyBoxProps) {
  return (
    <Empty
      className='empty-box'
      image={EMPTY_ILLUSTRATION}
      title={title ?? t('components.empty.title')}
      description={description}
      size='small'
    >
      {children}
    </Empty>
  );
}
