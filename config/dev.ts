import type { UserConfigExport } from '@tarojs/cli';

// `npm run dev` (scripts/dev.mjs): Taro's dev server (http://localhost:10086, hot reload, index.html for every
// page path) forwards the API prefixes to the API server, so the page and the API share one origin.
const apiOrigin = process.env.DEV_API_ORIGIN || `http://localhost:${process.env.PORT || 8080}`;
const apiPrefixes = ['/djapi', '/xqapi', '/xqstock', '/open', '/mpaas', '/docs'];

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      port: Number(process.env.DEV_H5_PORT || 10086),
      open: false,
      // xfwd: the API server sees who asked (X-Forwarded-For), so its development conveniences (the fake WeChat) stay
      // for this machine even when a phone on the network opens the dev server (docs/SECURITY.md "Development server").
      proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: false, xfwd: true }])),
    },
  },
} satisfies UserConfigExport<'webpack5'>;
