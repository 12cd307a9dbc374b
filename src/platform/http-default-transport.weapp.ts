// The mini program: wx.request / wx.uploadFile through Taro (no fetch there).
export { taroTransport as defaultTransport } from './http-taro-transport';
