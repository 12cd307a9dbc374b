import { detectEnvironment } from '@/lib/environment';
import type { NativeDestination } from './bridge-enums';

// Is this page inside one of our native apps, with its bridge there? Answered without the bridge's code, so a page
// in a browser (almost every visit) never downloads the bridge: it loads only where it will be used.

interface MessageSink {
  postMessage(message: string): void;
}

/** The globals through which the app listens (docs/BRIDGE.md): iOS `webkit.messageHandlers.DJBridge`, else `DJBridge`. */
export interface NativeSinkWindow {
  DJBridge?: MessageSink;
  webkit?: { messageHandlers?: { DJBridge?: MessageSink } };
}

export function findNativeSink(win: NativeSinkWindow): MessageSink | null {
  const sink = win.webkit?.messageHandlers?.DJBridge ?? win.DJBridge;
  return sink && typeof sink.postMessage === 'function' ? sink : null;
}

/** The same answer as `bridge.isAvailable()`: a native app of the family by its user agent, and its bridge present. */
export function nativeBridgePresent(): boolean {
  if (process.env.TARO_ENV === 'weapp' || typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  const channel = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('channel') : null;
  const environment = detectEnvironment(navigator.userAgent, { channel, taroEnv: process.env.TARO_ENV });
  return environment.isNativeApp && findNativeSink(window as unknown as NativeSinkWindow) !== null;
}

/** Opens a native destination (docs/PRODUCT.md §2), loading the bridge for it. */
export async function openNativeDestination(destination: NativeDestination): Promise<void> {
  const { bridge } = await import('./bridge');
  await bridge.open(destination, {});
}
