import { downloadThroughLink } from './download-link.h5';
import type { SaveTextResult } from './save-text.types';

// H5: a Blob URL clicked through a temporary <a download>; the browser saves `fileName`. (Inside the WeChat browser a
// download may be refused; the page offers to copy the text too.)

export async function saveText(fileName: string, text: string, mimeType = 'application/json'): Promise<SaveTextResult> {
  downloadThroughLink(URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` })), fileName, 10_000);
  return { via: 'download' };
}

/** Copies text to the clipboard (the export's second way out); false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
