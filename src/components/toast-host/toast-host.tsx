import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { nativeToastPresenter, setToastPresenter, type ToastConfig, type ToastPresenter, type ToastType } from '@/platform/feedback';
import type { ToastViewProps } from './toast-view';

interface ShownToast {
  /** Bumped for every toast, so a repeat of the same text restarts its timer. */
  serial: number;
  text: string;
  type: ToastType;
  config: ToastConfig;
}

// Taro.showToast cannot place a toast at the top (docs/PRODUCT.md §9 app config): a mounted host draws toasts with
// NutUI instead. Hosts stack up like pages do; the newest mounted one (the page on top) shows them.
const hosts: ToastPresenter[] = [];
const presentOnTopHost: ToastPresenter = (text, options) => hosts[hosts.length - 1]?.(text, options);

let serials = 0;

// The NutUI half loads with the first toast, not with the page: on H5 it is a chunk of its own (~13 KB gzip of
// Toast, icons and react-transition-group that a first screen without a toast never needs). The mini program
// bundles it (dynamic imports are inlined there).
type ToastViewComponent = ComponentType<ToastViewProps>;
let toastView: ToastViewComponent | null = null;
let loadingView: Promise<ToastViewComponent> | null = null;

function loadToastView(): Promise<ToastViewComponent> {
  loadingView ??= import('./toast-view').then(
    (module) => (toastView = module.default),
    (error: unknown) => {
      loadingView = null; // a later toast tries again (the chunk failed to load: offline, a new deploy)
      throw error;
    },
  );
  return loadingView;
}

/** When the NutUI half cannot load (often the very network error the toast reports), the platform's own toast says it. */
function showNatively(toast: ShownToast): void {
  nativeToastPresenter(toast.text, { ...toast.config, type: toast.type });
}

/** Mount once per page (the page shell does): `showToast` from `@/platform/feedback` then draws here. */
export function ToastHost() {
  const [shown, setShown] = useState<ShownToast | null>(null);
  const [LoadedView, setLoadedView] = useState<ToastViewComponent | null>(() => toastView);

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

  useEffect(() => {
    if (!shown || LoadedView) return;
    let current = true;
    loadToastView().then(
      (component) => current && setLoadedView(() => component),
      () => {
        if (!current) return;
        showNatively(shown);
        setShown((now) => (now?.serial === shown.serial ? null : now));
      },
    );
    return () => {
      current = false;
    };
  }, [shown, LoadedView]);

  if (!shown || !LoadedView) return null;
  return (
    <LoadedView
      key={shown.serial}
      text={shown.text}
      type={shown.type}
      config={shown.config}
      onClose={() => setShown((current) => (current?.serial === shown.serial ? null : current))}
    />
  );
}
