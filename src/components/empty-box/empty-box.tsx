import type { ReactNode } from 'react';
import { Image } from '@tarojs/components';
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

/**
 * A decorative picture (the empty and error boxes' illustrations): an empty `alt` on H5, so a screen reader skips it
 * (NutUI's own image node has none, and axe reports an image without a text alternative).
 */
export function Illustration({ src }: { src: string }) {
  return <Image src={src} style={{ width: '100%', height: '100%' }} imgProps={{ alt: '' }} aria-hidden />;
}

/** The placeholder of a list or page with nothing to show. */
export function EmptyBox({ title, description, children }: EmptyBoxProps) {
  return (
    <Empty
      className='empty-box'
      image={<Illustration src={EMPTY_ILLUSTRATION} />}
      title={title ?? t('components.empty.title')}
      description={description}
      size='small'
    >
      {children}
    </Empty>
  );
}
