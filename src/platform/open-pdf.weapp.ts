import Taro from '@tarojs/taro';
import { cookieHeaderFor } from './cookies';
import { resolveUrl } from './http';

// The mini program: wx.downloadFile with the emulated cookie jar's session, then WeChat's document viewer (which can
// forward or save it from its menu).

export async function openPdf(path: string, _fileName: string): Promise<void> {
  const url = resolveUrl(path);
  const cookie = cookieHeaderFor(url);
  const download = await Taro.downloadFile({ url, header: cookie ? { cookie } : {} });
  // A refusal (someone else's serial, a missing font) is an HTTP error: no document to open.
  if (typeof download.statusCode === 'number' && download.statusCode !== 200) throw new Error(`PDF ${download.statusCode}`);
  await Taro.openDocument({ filePath: download.tempFilePath, fileType: 'pdf', showMenu: true });
}
