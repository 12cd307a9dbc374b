/** What the platform itself draws when no NutUI toast host is mounted (or its chunk cannot load). */
export interface NativeToastOptions {
  icon: 'none' | 'success' | 'error' | 'loading';
  duration: number;
  position: 'top' | 'center' | 'bottom';
  /** Swallow taps while the toast shows. */
  mask: boolean;
}

/** Taro.showModal's options and answer, the part we use. */
export interface NativeModalOptions {
  title: string;
  content: string;
  showCancel: boolean;
  confirmText: string;
  cancelText?: string;
}

export interface NativeFeedback {
  showNativeToast(text: string, options: NativeToastOptions): void;
  showNativeModal(options: NativeModalOptions): Promise<{ confirm: boolean }>;
}
