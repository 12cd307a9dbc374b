import { useEffect, useState } from 'react';
import { Toast } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/toast/style/css';
import { setToastPresenter, type ToastConfig, type ToastPresenter, type ToastType } from '@/platform/feedback';
import './toast-host.scss';

interface ShownToast {
  /** Bumped for every toast, so a repeat of the same text restarts its timer. */
  serial: number;
  text: string;
  type: ToastType;
  config: ToastConfig;
}

// Taro.showToast cannot place a toast at the top (SPEC §9 app config): a mounted host draws toasts with
// NutUI instead. Hosts stack up like pages do; the newest mounted one (the page on top) shows them.
const hosts: ToastPresenter[] = [];
const presentOnTopHost: ToastPresenter = (text, options) => hosts[hosts.length - 1]?.(text, options);

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

let serials = 0;

/** Mount once per page (the page shell does): `showToast` from `@/platform/feedback` then draws here. */
export function ToastHost() {
  const [shown, setShown] = useState<ShownToast | null>(null);

  useEffect(() => {
    const present: ToastPresenter = (text, options) => {
      const { type, ...config } = options;
      serials += 1;
      setShown({ serial: serials, text, type, config });
    };
    hosts.push(present);
    setToastPresenter(presentOnTopHost);
    return () => {
      hosts.splice(hosts.indexOf(present), 1);
      if (hosts.length === 0) setToastPresenter(null);
    };
  }, []);

  if (!shown) return null;
  return (
    <Toast
      key={shown.serial}
      visible
      content={shown.text}
      icon={NUT_ICONS[shown.type]}
      position={NUT_POSITIONS[shown.config.position]}
      // NutUI counts seconds; 0 would mean "stay until hidden".
      duration={shown.config.duration / 1000}
      // The mask swallows taps but a tap never closes the toast (SPEC §9); without a mask taps go through.
      closeOnOverlayClick={false}
      className={shown.config.mask ? 'toast-host toast-host--mask' : 'toast-host toast-host--pass-through'}
      onClose={() => setShown((current) => (current?.serial === shown.serial ? null : current))}
    />
  );
}
