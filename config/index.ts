import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import { requireWithEsbuild } from '@tarojs/helper';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin';
import devConfig from './dev';
import { NUTUI_ICONS_BARREL, NUTUI_SHEET_TRIMS } from './nutui-sheet-trims';
import prodConfig from './prod';

// webpack-chain's Config is not exported by Taro's types; this is the part of it we call.
interface Chain {
  resolve: {
    plugin(name: string): { use(plugin: unknown, args?: unknown[]): unknown };
    alias: { set(name: string, value: string): unknown };
  };
  plugin(name: string): {
    tap(fn: (args: Record<string, unknown>[]) => Record<string, unknown>[]): unknown;
    use(plugin: unknown, args?: unknown[]): unknown;
  };
  optimization: { get(name: string): unknown; set(name: string, value: unknown): unknown };
  module: {
    rule(name: string): {
      test(test: RegExp): {
        enforce(when: 'pre'): { use(name: string): { loader(file: string): { options(options: object): unknown } } };
        sideEffects(flag: boolean): unknown;
      };
    };
  };
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
        // A cached rebuild would otherwise list its modules as one "cached modules" entry per chunk.
        cachedModules: true,
      });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

// The mini program shows a page's share menu only when its config says `enableShareAppMessage` (and Moments:
// `enableShareTimeline`); Taro then wires `useShareAppMessage` (src/platform/share.weapp.ts, called by the page
// shell on every page). Every page can be shared (docs/PRODUCT.md §2.1), so the build turns both on for each page whose config
// does not say otherwise (`false` in a page's index.config.ts opts out). Taro's MiniPlugin reads the page configs
// in its run hook and hands them to its page loader when modules are built (make): this runs in between.
interface MiniPluginLike {
  pages: Set<{ name: string }>;
  filesConfig: Record<string, { content?: Record<string, unknown> } | undefined>;
  getConfigFilePath(name: string): string;
}
interface MakeCompiler {
  options: { plugins: unknown[] };
  hooks: { make: { tap(options: { name: string; stage: number }, fn: () => void): void } };
}
class ShareEveryPagePlugin {
  apply(compiler: MakeCompiler) {
    compiler.hooks.make.tap({ name: 'share-every-page', stage: -100 }, () => {
      const mini = compiler.options.plugins.find(
        (plugin): plugin is MiniPluginLike =>
          typeof plugin === 'object' && plugin !== null && 'filesConfig' in plugin && 'pages' in plugin && 'getConfigFilePath' in plugin,
      );
      if (!mini) throw new Error("share-every-page: Taro's MiniPlugin not found (Taro upgrade?): pages could not be shared");
      for (const page of mini.pages) {
        const content = mini.filesConfig[mini.getConfigFilePath(page.name)]?.content;
        if (!content) continue;
        content.enableShareAppMessage ??= true;
        content.enableShareTimeline ??= true;
      }
    });
  }
}

// Every page needs the `app-shared` chunk (the page shell and what it uses, see splitChunks below), yet the
// browser would only learn of it once app.js has run and asked for the page: index.html preloads it (and its CSS),
// so it downloads beside app.js. Taro's H5 build makes index.html with html-webpack-plugin.
interface HtmlCompiler {
  hooks: { compilation: { tap(name: string, fn: (compilation: Parameters<typeof HtmlWebpackPlugin.getHooks>[0]) => void): void } };
}
class PreloadAppSharedPlugin {
  apply(compiler: HtmlCompiler) {
    compiler.hooks.compilation.tap('preload-app-shared', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('preload-app-shared', (data) => {
        const chunk = compilation.namedChunks.get('app-shared');
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        for (const file of chunk?.files ?? []) {
          const as = file.endsWith('.css') ? 'style' : file.endsWith('.js') ? 'script' : null;
          if (!as) continue;
          data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as, href: `${publicPath}${file}` }));
        }
        return data;
      });
    });
  }
}

// Which files each page needs besides the app's own (`page-assets.json` in the H5 output): the server puts them in
// the HTML of that page's URLs as <link rel="preload">, so a shared link downloads the page's chunks beside app.js
// instead of after it has run (server/src/plugins/page-html.ts). Pages are the lazy chunk groups Taro's app entry
// opens with `import('./pages/…/index')`. Named lazy groups (`import(/* webpackChunkName: "lib-chart" */ …)`) are listed
// too, as `chunk:<name>`, so bench/ can tell what a page loads after its first screen (the chart).
interface ChunkGroupLike {
  name?: string | null;
  isInitial(): boolean;
  origins: { request?: string | null }[];
  chunks: { files: Iterable<string> }[];
}
interface EmitCompiler {
  outputPath: string;
  hooks: { afterEmit: { tap(name: string, fn: (compilation: { chunkGroups: ChunkGroupLike[] }) => void): void } };
}
const PAGE_ASSETS_FILE = 'page-assets.json';
class PageAssetsPlugin {
  apply(compiler: EmitCompiler) {
    compiler.hooks.afterEmit.tap('page-assets', (compilation) => {
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const group of compilation.chunkGroups) {
        if (group.isInitial()) continue;
        const request = group.origins.map((origin) => origin.request ?? '').find((r) => /^\.\/pages\/.+\/index$/.test(r));
        const key = request ? request.slice(2) : group.name ? `chunk:${group.name}` : null;
        if (!key) continue;
        const files = group.chunks.flatMap((chunk) => [...chunk.files]);
        pages[key] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
      }
      fs.writeFileSync(path.join(compiler.outputPath, PAGE_ASSETS_FILE), `${JSON.stringify(pages, null, 1)}\n`);
    });
  }
}

// Taro's config loader only compiles files under config/; the route table (src/) is bundled like app.config.ts.
const routeTable = requireWithEsbuild(path.resolve(__dirname, '../src/lib/routes.ts'), {
  customSwcConfig: { module: { type: 'commonjs' } },
}) as typeof import('../src/lib/routes');
const { h5CustomRoutes, packageLayout } = routeTable;

// The ARIA attributes WeChat reads on a view, added to Taro's view templates (src/platform/weapp-aria.ts says why).
const weappAria = requireWithEsbuild(path.resolve(__dirname, '../src/platform/weapp-aria.ts'), {
  customSwcConfig: { module: { type: 'commonjs' } },
}) as typeof import('../src/platform/weapp-aria');

/** Taro's template (the platform's), as its MiniPlugin gets it: its component table is what base.wxml is made from. */
interface MiniTemplateLike {
  internalComponents: Record<string, Record<string, string>>;
}
function addAriaToViewTemplates(chain: Chain): void {
  chain.plugin('miniPlugin').tap((args) => {
    const combination = args[0]?.combination as { config?: { template?: MiniTemplateLike } } | undefined;
    const components = combination?.config?.template?.internalComponents;
    if (!components?.View) throw new Error("weapp-aria: Taro's template not found (Taro upgrade?): views would lose their ARIA attributes");
    for (const [name, patch] of Object.entries(weappAria.weappAriaComponents())) Object.assign(components[name] ?? {}, patch);
    return args;
  });
}

/** Pages in the build (each a lazy chunk on H5): a module in all of them is reached through the page shell. */
const BUILT_PAGE_COUNT = (() => {
  const { pages, subPackages } = packageLayout();
  return pages.length + subPackages.reduce((sum, sub) => sum + sub.pages.length, 0);
})();

// `@/platform/x` must find `x.weapp.ts` / `x.h5.ts` (Taro's platform files) before `x.ts`.
function pathsPluginArgs(platform: string): unknown[] {
  const platformFirst = ['.ts', '.tsx', '.js', '.jsx'].map((ext) => `.${platform}${ext}`);
  return [{ extensions: [...platformFirst, '.ts', '.tsx', '.js', '.jsx', '.json', '.mjs'] }];
}

// Which browsers a build targets (babel-preset-env and autoprefixer both read package.json's browserslist through
// this environment): H5 runs in browsers with native ES2017, fetch and AbortController (the "h5" list), the mini
// program keeps the conservative list because it ships ES5 (project.config.json `es6: false`). docs/ARCHITECTURE.md.
process.env.BROWSERSLIST_ENV = process.env.TARO_ENV === 'h5' ? 'h5' : 'weapp';

// Polyfills Taro's H5 request API imports unconditionally; every "h5" browser has them natively (47 KB of script).
// And lodash.kebabcase, which NutUI's ConfigProvider (in every page that uses NutUI) needs only for theme keys; and
// the `platform` user-agent tables behind Taro's getDeviceInfo (config/stubs/platform.js says which fields it answers).
const H5_POLYFILL_STUBS: Record<string, string> = {
  'whatwg-fetch$': path.resolve(__dirname, 'stubs/empty.js'),
  'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$': path.resolve(__dirname, 'stubs/empty.js'),
  'jsonp-retry$': path.resolve(__dirname, 'stubs/jsonp-retry.js'),
  'lodash.kebabcase$': path.resolve(__dirname, 'stubs/kebab-case.js'),
  platform$: path.resolve(__dirname, 'stubs/platform.js'),
};

// NutUI's packaging, trimmed at build time on both platforms: the table and its reasons are config/nutui-sheet-trims.ts.
function trimNutuiForFirstLoads(chain: Chain): void {
  for (const trim of NUTUI_SHEET_TRIMS) {
    chain.module
      .rule(trim.name)
      .test(trim.test)
      .enforce('pre')
      .use('trim-css')
      .loader(path.resolve(__dirname, 'loaders/trim-css.js'))
      .options(trim.options);
  }
  chain.module.rule('nutui-icons-barrel').test(NUTUI_ICONS_BARREL).sideEffects(false);
}

// The mini program has no origin: the API host is fixed at build time (see docs/ARCHITECTURE.md "Routing").
const apiBaseUrl = process.env.TARO_APP_API_BASE || 'http://localhost:8080';

// The root font size that rem units (our 750 px design) scale with, set before anything draws. Taro's own script
// measures the <html> element's box, whose height is the content's: while the page is still empty a resize event
// (phones send them as the address bar moves; mobile emulation sends one at load) shrinks the root size to its
// minimum, and 500 ms later the content has grown and everything jumps back (a layout shift of the whole page).
// This one measures the viewport: its narrow side, so a phone turned sideways keeps its portrait layout.
// Same scale as Taro's: 40 px at 750 px wide (designWidth 750, deviceRatio 1), kept between 20 and 40 px.
const ROOT_FONT_SIZE_SCRIPT =
  '!function(n){function f(){var e=n.document.documentElement,w=Math.min(e.clientWidth||n.innerWidth,n.innerHeight||e.clientWidth),' +
  'x=40*w/750;e.style.fontSize=x>=40?"40px":x<=20?"20px":x+"px"}n.addEventListener("resize",f),f()}(window);';

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'danjuan-open',
    date: '2026-11-22',
    // NutUI is drawn on a 375 px design, our own styles on 750 (docs/WEAPP.md "The Taro recipe").
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
      // The operator's monitoring script, loaded only in the rc and master environments (src/platform/monitoring.ts).
      DEPLOY_ENVIRONMENT: JSON.stringify(process.env.TARO_APP_DEPLOY_ENV || ''),
      MONITORING_SCRIPT_URL: JSON.stringify(process.env.TARO_APP_MONITORING_URL || ''),
      // The fund app's WeChat Open Platform id: the download bar's wx-open-launch-app button (components/download-bar).
      WECHAT_LAUNCH_APPID: JSON.stringify(process.env.TARO_APP_WECHAT_LAUNCH_APPID || ''),
    },
    // H5: the favicon at the site's root (/favicon.ico, served with the build by server/src/plugins/static-h5.ts).
    copy: {
      patterns:
        process.env.TARO_ENV === 'h5'
          ? [
              {
                from: path.resolve(__dirname, '../src/favicon.ico'),
                to: path.resolve(__dirname, '..', process.env.TARO_OUTPUT_ROOT || 'dist/h5', 'favicon.ico'),
              },
            ]
          : [],
      options: {},
    },
    framework: 'react',
    compiler: 'webpack5',
    // Persistent cache; app.config.ts and customRoutes are computed from the route table, which webpack
    // cannot see through app.config.ts, so it is a build dependency of its own (else stale pages/routes).
    // TARO_CACHE_NAME: bench/ times cold and cached builds in a cache folder of its own, leaving the usual one alone.
    cache: {
      enable: true,
      buildDependencies: {
        routes: [path.resolve(__dirname, '../src/lib/routes.ts')],
        // The browserslist environments (babel targets, autoprefixer) live in package.json.
        browserslist: [path.resolve(__dirname, '../package.json')],
      },
      ...(process.env.TARO_CACHE_NAME ? { name: process.env.TARO_CACHE_NAME } : {}),
    },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain: Chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin, pathsPluginArgs('weapp'));
        chain.plugin('share-every-page').use(ShareEveryPagePlugin);
        addAriaToViewTemplates(chain);
        trimNutuiForFirstLoads(chain);
        // jsencrypt reads `self.crypto`; the mini program has no `self` (docs/WEAPP.md "The Taro recipe").
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
      htmlPluginOption: { script: ROOT_FONT_SIZE_SCRIPT },
      // Taro's components as plain React + HTML elements (@tarojs/components-react) instead of the Stencil
      // web-component library: no Stencil runtime in the first load, and a page pays only for the components it uses.
      useHtmlComponents: true,
      // Images are files of their own (hashed: cached for good, server/src/plugins/static.ts), not base64 in the
      // script: the header's download QR code (the only one) costs a phone's first load nothing, where it is hidden.
      imageUrlLoaderOption: { limit: 512, name: () => 'static/images/[name].[contenthash:8][ext]' },
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
        for (const [request, stub] of Object.entries(H5_POLYFILL_STUBS)) chain.resolve.alias.set(request, stub);
        chain.plugin('preload-app-shared').use(PreloadAppSharedPlugin);
        trimNutuiForFirstLoads(chain);
        chain.plugin('page-assets').use(PageAssetsPlugin);
        if (process.env.H5_STATS_FILE) chain.plugin('h5-stats-file').use(StatsFilePlugin, [path.resolve(process.env.H5_STATS_FILE)]);
        // Pages are lazy chunks (docs/WEAPP.md "The Taro recipe": without async groups every page copies what it shares).
        // A page's first load is: Taro's initial chunks, the page's own chunk, `app-shared` (what every page has:
        // the shell, header, login state, http, i18n) and the chunks of exactly the modules it shares with some
        // other pages. Named catch-all chunks ("all NutUI", "all shared libraries") are avoided on purpose: the
        // home page would download every widget and library any two pages share (charts, keyboards, crypto).
        const splitChunks = (chain.optimization.get('splitChunks') ?? {}) as { cacheGroups?: Record<string, unknown> };
        chain.optimization.set('splitChunks', {
          ...splitChunks,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            // Device encryption: loaded when a listed secure API is first called (secure-api-install.h5.ts).
            cryptoLibs: {
              name: 'lib-crypto',
              test: /[\\/]node_modules[\\/](crypto-js|jsencrypt)[\\/]/,
              chunks: 'async',
              priority: 30,
              enforce: true,
            },
            // In every page chunk = reached through the page shell: one chunk, fetched beside the page's own.
            appShared: {
              name: 'app-shared',
              chunks: 'async',
              minChunks: BUILT_PAGE_COUNT,
              priority: 25,
              enforce: true,
            },
            // Shared by some pages: one unnamed chunk per set of pages that share it (webpack's own split).
            // NutUI first, so a page's widgets do not ride along with unrelated shared code.
            nutui: {
              name: false,
              test: /[\\/]node_modules[\\/](@nutui|@react-spring|@use-gesture|react-transition-group|async-validator)[\\/]/,
              chunks: 'async',
              priority: 20,
              minChunks: 2,
              // Less than this (raw bytes) is cheaper copied into each page than fetched as one more file.
              minSize: 10_000,
            },
            asyncShared: {
              name: false,
              chunks: 'async',
              priority: 5,
              minChunks: 2,
              minSize: 20_000,
            },
          },
        });
      },
    },
  };

  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
