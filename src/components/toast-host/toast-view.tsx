import { Toast } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/toast/style/css';
import type { ToastConfig, ToastType } from '@/platform/feedback';
import './toast-host.scss';

export interface ToastViewProps {
  text: string;
  type: ToastType;
  config: ToastConfig;
  onClose: () => void;
}

const NUT_ICONS: Record<ToastType, 'success' | 'fail' | 'loading' | null> = {
  text: null,
  success: 'success',
  fail: 'fail',
  loading: 'loading',
};

const NUT_POSITIONS: Record<ToastConfig['position'], 'top' | 'middle' | 'bottom'> = {
  top: 'top',
  center: 'middle',
  bottom: 'bottom',
};

/**
 * One toast drawn with NutUI. Loaded by `ToastHost` on the first toast (H5: its own chunk with NutUI's Toast,
 * icons and transition library, which no first screen needs); the caller keys it per toast.
 */
export default function ToastView({ text, type, config, onClose }: ToastViewProps) {
  return (
    <Toast
      visible
      content={text}
      icon={NUT_ICONS[type]}
      position={NUT_POSITIONS[config.position]}
      // NutUI counts seconds; 0 would mean "stay until hidden".
      duration={config.duration / 1000}
      // The mask swallows taps but a tap never closes the toast (docs/PRODUCT.md §9); without a mask taps go through.
      closeOnOverlayClick={false}
      className={config.mask ? 'toast-host toast-host--mask' : 'toast-host toast-host--pass-through'}
      onClose={onClose}
    />
  );
}
