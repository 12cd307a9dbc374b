import Taro from '@tarojs/taro';
import type { SaveTextResult } from './save-text.types';

// The mini program has no downloads: the text goes to the clipboard, from where the user pastes it into a chat or a
// note (WeChat shows its own "内容已复制" toast).

export async function saveText(_fileName: string, text: string): Promise<SaveTextResult> {
  await Taro.setClipboardData({ data: text });
  return { via: 'clipboard' };
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await Taro.setClipboardData({ data: text });
    return true;
  } catch {
    return false;
  }
}
