import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import { requireWithEsbuild } from '@tarojs/helper';
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin';
import devConfig from './dev';
import prodConfig from './prod';

// webpack-chain's Config is not exported by Taro's types; this is the part of it we call.
interface Chain {
  resolve: { plugin(name: string): { use(plugin: unknown, args?: unknown[]): unknown } };
  plugin(name: string): {
    tap(fn: (args: Record<string, unknown>[]) => Record<string, unknown>[]): unknown;
    use(plugin: unknown, args?: unknown[]): unknown;
  };
  optimization: { get(name: string): unknown; set(name: string, value: unknown): unknown };
}

// What lands in which chunk: H5_STATS_FILE=path writes webpack's chunk/module stats there after an H5 build.
interface StatsCompiler {
  hooks: { done: { tap(name: string, fn: (stats: { toJson(options: object): unknown }) => void): void } };
}
class StatsFilePlugin {
  constructor(private readonly file: string) {}
  apply(compiler: StatsCompiler) {
    compiler.hooks.done.tap('h5-stats-file', (stats) => {
      const json = stats.toJson({
        all: false,
        ids: true,
        chunks: true,
        chunkOrigins: true,
        chunkRelations: true,
        chunkModules: true,
        chunkModulesSpace: Infinity,
        // Concatenated and dependent modules listed one by one, or most bytes hide in "+ N modules".
        nestedModules: true,
        nestedModulesSpace: Infinity,
        dependentModules: true,
      });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

// Taro's config loader only compiles files under config/; the route table (src/) is bundled like app.config.ts.
const routeTable = requireWithEsbuild(path.resolve(__dirname, '../src/lib/routes.ts'), {
  customSwcConfig: { module: { type: 'commonjs' } },
}) as typeof import('../src/lib/routes');
const { h5CustomRoutes } = routeTable;

// `@/platform/x` must find `x.weapp.ts` / `x.h5.ts` (Taro's platform files) before `x.ts`.
function pathsPluginArgs(platform: string): unknown[] {
  const platformFirst = ['.ts', '.tsx', '.js', '.jsx'].map((ext) => `.${platform}${ext}`);
  return [{ extensions: [...platformFirst, '.ts', '.tsx', '.js', '.jsx', '.json', '.mjs'] }];
}

// The mini program has no origin: the API host is fixed at build time (see docs/ARCHITECTURE.md "Routing").
const apiBaseUrl = process.env.TARO_APP_API_BASE || 'http://localhost:8080';

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'danjuan-open',
    date: '2026-11-22',
    // NutUI is drawn on a 375 px design, our own styles on 750 (TARO-NOTES "Config that worked").
    designWidth(input) {
      const file = typeof input === 'object' && input ? String((input as { file?: string }).file ?? '') : '';
      return file.replace(/\\+/g, '/').includes('@nutui') ? 375 : 750;
    },
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    // Overridable so bench/ can build its bare floor app (bench/floor) with this same config, elsewhere.
    sourceRoot: process.env.TARO_SOURCE_ROOT || 'src',
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {
      API_BASE_URL: JSON.stringify(apiBaseUrl),
      // The external customer-service chat (a vendor URL per deployment); empty = not offered.
      CUSTOMER_SERVICE_CHAT_URL: JSON.stringify(process.env.TARO_APP_CHAT_URL || ''),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    // Persistent cache; app.config.ts and customRoutes are computed from the route table, which webpack
    // cannot see through app.config.ts, so it is a build dependency of its own (else stale pages/routes).
    // TARO_CACHE_NAME: bench/ times cold and cached builds in a cache folder of its own, leaving the usual one alone.
    cache: {
      enable: true,
      buildDependencies: { routes: [path.resolve(__dirname, '../src/lib/routes.ts')] },
      ...(process.env.TARO_CACHE_NAME ? { name: process.env.TARO_CACHE_NAME } : {}),
    },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain: Chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin, pathsPluginArgs('weapp'));
        // jsencrypt reads `self.crypto`; the mini program has no `self` (TARO-NOTES pitfall 5).
        // The platform layer installs a real CSPRNG on this window (src/platform/csprng.weapp.ts).
        chain.plugin('providerPlugin').tap((args) => [{ ...args[0], self: ['@tarojs/runtime', 'window'] }]);
        // Libraries only app.js uses would be inlined into it (Taro's vendors group wants two users):
        // keep crypto-js and jsencrypt in vendors.js with the other third-party code.
        const splitChunks = (chain.optimization.get('splitChunks') ?? {}) as { cacheGroups?: Record<string, unknown> };
        chain.optimization.set('splitChunks', {
          ...splitChunks,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            cryptoVendors: {
              name: 'vendors',
              test: /[\\/]node_modules[\\/](crypto-js|jsencrypt)[\\/]/,
              chunks: 'all',
              minChunks: 1,
              priority: 20,
              enforce: true,
            },
          },
        });
      },
      // NutUI's per-component sheets are independent; their order across pages does not matter.
      miniCssExtractPluginOption: { ignoreOrder: true },
    },
    h5: {
      // Taro's components as plain React + HTML elements (@tarojs/components-react) instead of the Stencil
      // web-component library: no Stencil runtime in the first load, and a page pays only for the components it uses.
      useHtmlComponents: true,
      publicPath: '/',
      staticDirectory: 'static',
      router: {
        mode: 'browser',
        // Spec URLs (/funding/000001, /index, …) are the visible paths; unknown paths fall to the 404 page.
        customRoutes: h5CustomRoutes(),
      },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain: Chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin, pathsPluginArgs('h5'));
        if (process.env.H5_STATS_FILE) chain.plugin('h5-stats-file').use(StatsFilePlugin, [path.resolve(process.env.H5_STATS_FILE)]);
        // Pages are lazy chunks; libraries several pages share go into one async chunk each instead of
        // being copied into every page (TARO-NOTES pitfall 6). Taro's own initial split stays as it is.
        const splitChunks = (chain.optimization.get('splitChunks') ?? {}) as { cacheGroups?: Record<string, unknown> };
        chain.optimization.set('splitChunks', {
          ...splitChunks,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            cryptoLibs: {
              name: 'lib-crypto',
              test: /[\\/]node_modules[\\/](crypto-js|jsencrypt)[\\/]/,
              chunks: 'async',
              priority: 30,
              enforce: true,
            },
            nutui: {
              name: 'lib-nutui',
              test: /[\\/]node_modules[\\/](@nutui|@react-spring|@use-gesture|react-transition-group|async-validator)[\\/]/,
              chunks: 'async',
              priority: 20,
              minChunks: 2,
            },
            // What every page loads through the page shell (header, login state, http, i18n catalogue): one chunk,
            // not a copy per page. Other components keep webpack's per-page split so heavy ones stay lazy.
            appShared: {
              name: 'app-shared',
              test: /[\\/]src[\\/](pages[\\/]shell|components[\\/]header|features[\\/]account|platform|lib|locales)[\\/]/,
              chunks: 'async',
              priority: 8,
              minChunks: 2,
            },
            asyncShared: {
              name: 'lib-shared',
              test: /[\\/]node_modules[\\/]/,
              chunks: 'async',
              priority: 5,
              minChunks: 2,
            },
          },
        });
      },
    },
  };

  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
