import type { NativeModalOptions, NativeToastOptions } from './native-feedback.types';

// H5. The toast is drawn with a few DOM nodes and no library: it is the fallback for when the NutUI toast's chunk
// cannot load (offline, a new deploy), so it must not need a chunk itself. Dialogs are rare (an alert on result
// code 9999, a confirm): Taro's modal loads on the first one.

const TOAST_ID = 'dj-native-toast';
let hideTimer: ReturnType<typeof setTimeout> | undefined;

const POSITION_TOP: Record<NativeToastOptions['position'], string> = { top: '20%', center: '50%', bottom: '80%' };

export function showNativeToast(text: string, options: NativeToastOptions): void {
  if (typeof document === 'undefined') return;
  document.getElementById(TOAST_ID)?.remove();
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  const layer = document.createElement('div');
  layer.id = TOAST_ID;
  layer.setAttribute('role', 'alert');
  // A mask that swallows taps covers the page; without one the layer lets taps through.
  layer.style.cssText = `position:fixed;inset:0;z-index:10000;pointer-events:${options.mask ? 'auto' : 'none'}`;
  const box = document.createElement('div');
  box.textContent = text;
  box.style.cssText =
    `position:absolute;left:50%;top:${POSITION_TOP[options.position]};transform:translate(-50%,-50%);max-width:70%;` +
    'padding:10px 16px;border-radius:8px;background:rgba(0,0,0,.75);color:#fff;font-size:14px;line-height:1.5;' +
    'text-align:center;word-break:break-word';
  layer.appendChild(box);
  document.body.appendChild(layer);
  hideTimer = setTimeout(() => layer.remove(), options.duration);
}

export async function showNativeModal(options: NativeModalOptions): Promise<{ confirm: boolean }> {
  const { showTaroModal } = await import('./taro-modal');
  return showTaroModal(options);
}
