import Taro from '@tarojs/taro';
import type { NativeModalOptions, NativeToastOptions } from './native-feedback.types';

// The mini program's own toast and modal (wx.showToast / wx.showModal): part of the host, they cost nothing.

export function showNativeToast(text: string, options: NativeToastOptions): void {
  void Taro.showToast({ title: text, icon: options.icon, duration: options.duration, mask: options.mask }).catch(() => undefined);
}

export function showNativeModal(options: NativeModalOptions): Promise<{ confirm: boolean }> {
  return Taro.showModal(options);
}
