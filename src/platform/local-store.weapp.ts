import Taro from '@tarojs/taro';

// The mini program's own storage (wx.getStorageSync and friends), through Taro.

export function readLocal(key: string): unknown {
  return Taro.getStorageSync(key) as unknown;
}

export function writeLocal(key: string, value: string): void {
  Taro.setStorageSync(key, value);
}

export function removeLocal(key: string): void {
  Taro.removeStorageSync(key);
}

export function localKeys(): string[] {
  return Taro.getStorageInfoSync().keys;
}
