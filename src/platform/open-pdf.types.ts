/**
 * Handing a PDF the server draws to the user (issue 25: the asset proof). `open-pdf.h5.ts` downloads it as a file;
 * `open-pdf.weapp.ts` downloads it with the session's cookies and opens it in WeChat's viewer (`wx.openDocument`).
 * Imported as `@/platform/open-pdf`.
 */
export type OpenPdf = (path: string, fileName: string) => Promise<void>;
