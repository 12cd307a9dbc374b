// H5 only (imported by the .h5 files that save a file): a Blob URL clicked through a temporary <a download>, so the
// browser saves it as `fileName`; the URL is let go `keepMs` later, once the click has started the download.

export function downloadThroughLink(url: string, fileName: string, keepMs: number): void {
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), keepMs);
  }
}
