import type { ReactNode } from 'react';
import { View } from '@tarojs/components';
import { NoticeBar } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/noticebar/style/css';
import { t } from '@/locales/i18n';
import { roleProps } from '@/components/a11y/role-props';
import './info-banner.scss';

export type InfoBannerType = 'info' | 'warning' | 'error' | 'success';

export interface InfoBannerProps {
  /** Colour scheme; defaults to info. */
  type?: InfoBannerType;
  /** Shows a close button on the right; the banner hides itself when it is tapped. */
  closable?: boolean;
  /** Called after the user closed the banner (e.g. to remember the dismissal). */
  onClose?: () => void;
  children: ReactNode;
}

/** A full-width message strip on NutUI's NoticeBar, static (no scrolling) and wrapping long text. */
export function InfoBanner({ type = 'info', closable = false, onClose, children }: InfoBannerProps) {
  return (
    <NoticeBar
      className={`info-banner info-banner--${type}`}
      align='left'
      scrollable={false}
      wrap
      closeable={closable}
      rightIcon={
        closable ? (
          <View className='info-banner__close' {...roleProps('button')} aria-label={t('components.infoBanner.close')}>
            ✕
          </View>
        ) : undefined
      }
      onClose={() => onClose?.()}
    >
      <View className='info-banner__text' role={type === 'error' ? 'alert' : 'status'}>
        {children}
      </View>
    </NoticeBar>
  );
}
