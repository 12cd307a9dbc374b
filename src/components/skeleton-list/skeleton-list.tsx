import { View } from '@tarojs/components';
import { Skeleton } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/skeleton/style/css';
import { t } from '@/locales/i18n';
import './skeleton-list.scss';

export interface SkeletonListProps {
  /** Number of placeholder items; defaults to 3. */
  items?: number;
  /** Text lines per item; defaults to 3. */
  rows?: number;
}

/** Grey animated placeholders while a list loads (NutUI Skeleton); announced as loading. */
export function SkeletonList({ items = 3, rows = 3 }: SkeletonListProps) {
  return (
    <View className='skeleton-list' role='status' aria-busy='true' aria-label={t('components.loading')}>
      {Array.from({ length: items }, (_, index) => (
        <View className='skeleton-list__item' key={index}>
          <Skeleton rows={rows} animated />
        </View>
      ))}
    </View>
  );
}
