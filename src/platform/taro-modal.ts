import Taro from '@tarojs/taro';
import type { NativeModalOptions } from './native-feedback.types';

// Taro's H5 modal on its own, so that its code (toast, modal and action sheet in one module) is a lazy chunk.
export function showTaroModal(options: NativeModalOptions): Promise<{ confirm: boolean }> {
  return Taro.showModal(options);
}
