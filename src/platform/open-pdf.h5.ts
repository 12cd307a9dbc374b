import { downloadThroughLink } from './download-link.h5';
import { resolveUrl } from './http';

// H5: the PDF is fetched with the session's cookies, then saved through a temporary <a download> (the browser keeps
// `fileName`); a browser that refuses downloads (some in-app browsers) gets the PDF in a new tab instead.

export async function openPdf(path: string, fileName: string): Promise<void> {
  const response = await fetch(resolveUrl(path), { credentials: 'include' });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/pdf')) throw new Error(`PDF ${response.status}`);
  downloadThroughLink(URL.createObjectURL(await response.blob()), fileName, 30_000);
}
