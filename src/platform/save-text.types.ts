/**
 * Handing a text document to the user (issue 17: the copy of one's personal data). `save-text.h5.ts` downloads it as a
 * file; `save-text.weapp.ts` copies it to the clipboard (a mini program has no downloads folder). Imported as
 * `@/platform/save-text`.
 */
export interface SaveTextResult {
  /** What happened, for the page's message: a file was downloaded, or the text is on the clipboard. */
  via: 'download' | 'clipboard';
}

export type SaveText = (fileName: string, text: string, mimeType?: string) => Promise<SaveTextResult>;
