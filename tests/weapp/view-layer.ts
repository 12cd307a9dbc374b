// The mini program's view layer, drawn from the build's own templates (docs/WEAPP.md "The view layer").
//
// WeChat runs a mini program in two realms joined by JSON: the logic layer (app code over `wx`; here the plain-Node
// harness, harness.ts) and the view layer, a webview in which WeChat's component framework, exparser, draws the
// page's WXML — compiled to JavaScript by WeChat's WXML compiler, wcc — styled by the CSS that its WXSS compiler,
// wcsc, makes of the .wxss files. setData carries data one way; events name a method the other way.
//
// This file is that view layer, in a jsdom window of its own (a realm: its own globals, nothing leaks into the test):
// - wcc and wcsc are WeChat's compilers as published in the npm package `miniprogram-compiler` (Tencent's binaries,
//   shipped in the tarball, no install script). wcc compiles every .wxml/.wxs of the build — Taro's base.wxml with its
//   `tmpl_<depth>_<nn>` templates and utils.wxs, comp.wxml, custom-wrapper.wxml, each page — into `$gwx`, whose
//   functions turn a page's data into WeChat's virtual tree, warning (`WXMLRT_$gwx: … Template … not found`) as the
//   real view layer does. wcsc compiles the .wxss into the webview's stylesheet code (rpx → px at the device width);
//   a selector WeChat refuses (`*`) fails the compilation, as it fails WeChat DevTools' upload.
// - exparser and j-component (WeChat's component test tools, npm `miniprogram-exparser` / `j-component`) build the
//   component tree from that virtual tree: the page, and each custom component its .json declares in
//   `usingComponents` (`comp`, `custom-wrapper`…) with the properties and options the build's own code handed to
//   Component() in the logic layer. Events bound in the templates (`bindtap="eh"`) call the named method, which is
//   forwarded to the logic layer's page instance, as WeChat does.
// Not here: WeChat's base library (built-in components are bare elements with their properties; the screenshot page
// draws images, inputs and buttons with a small stand-in, view-layer-shot.ts), native components (canvas, map, video
// are empty boxes), layout (jsdom has none; Chromium lays the snapshot out).
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants, existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { PageHandle, WeappHarness } from './harness';
import type { PageReading } from './page-reading';

const nodeRequire = createRequire(import.meta.url);

/** The phone the view layer is drawn for: 375 px wide, so 750 rpx = 375 px (as at the screenshots' 375 × 667). */
export const DEVICE_WIDTH = 375;

type Fn = (...args: unknown[]) => unknown;

/**
 * WeChat's built-in components (developers.weixin.qq.com/miniprogram/dev/component/), each with the properties the
 * renderer keeps (the screenshot's stand-in draws from them; every other attribute is dropped, as exparser drops an
 * attribute that is no property). A tag outside this list and outside the page's `usingComponents` is one WeChat
 * would not know.
 */
export const BUILTIN_COMPONENTS: Readonly<Record<string, readonly string[]>> = {
  view: [],
  'scroll-view': ['scrollX', 'scrollY', 'scrollTop', 'scrollLeft', 'enableFlex'],
  swiper: [
    'current',
    'indicatorDots',
    'indicatorColor',
    'indicatorActiveColor',
    'autoplay',
    'circular',
    'vertical',
    'displayMultipleItems',
  ],
  'swiper-item': ['itemId'],
  'movable-area': [],
  'movable-view': [],
  'cover-view': [],
  'cover-image': ['src'],
  'match-media': [],
  'page-container': ['show'],
  'root-portal': [],
  'share-element': [],
  'grid-view': [],
  'list-view': [],
  'sticky-header': [],
  'sticky-section': [],
  icon: ['type', 'size', 'color'],
  text: ['selectable', 'userSelect', 'space', 'decode'],
  'rich-text': ['nodes', 'space'],
  progress: ['percent', 'showInfo', 'strokeWidth', 'activeColor', 'backgroundColor'],
  button: ['size', 'type', 'plain', 'disabled', 'loading', 'formType', 'openType'],
  checkbox: ['value', 'checked', 'disabled', 'color'],
  'checkbox-group': [],
  editor: ['placeholder'],
  form: [],
  input: ['value', 'type', 'password', 'placeholder', 'placeholderStyle', 'placeholderClass', 'disabled', 'maxlength'],
  'keyboard-accessory': [],
  label: ['for'],
  picker: ['mode', 'value', 'disabled'],
  'picker-view': ['value'],
  'picker-view-column': [],
  radio: ['value', 'checked', 'disabled', 'color'],
  'radio-group': [],
  slider: ['min', 'max', 'step', 'value', 'disabled'],
  switch: ['checked', 'disabled', 'type', 'color'],
  textarea: ['value', 'placeholder', 'placeholderStyle', 'placeholderClass', 'disabled', 'maxlength', 'autoHeight'],
  'functional-page-navigator': [],
  navigator: ['url', 'openType'],
  audio: ['src'],
  camera: [],
  'channel-live': [],
  'channel-video': [],
  image: ['src', 'mode', 'lazyLoad', 'webp', 'showMenuByLongpress'],
  'live-player': ['src'],
  'live-pusher': ['url'],
  video: ['src', 'poster'],
  'voip-room': [],
  map: ['latitude', 'longitude'],
  canvas: ['type', 'canvasId'],
  'web-view': ['src'],
  ad: [],
  'ad-custom': [],
  'official-account': [],
  'open-data': ['type'],
  'navigation-bar': ['title'],
  'page-meta': [],
};

/** Native components: drawn by the phone above the webview, never by it (empty boxes here and in the screenshots). */
export const NATIVE_COMPONENTS: ReadonlySet<string> = new Set([
  'canvas',
  'map',
  'video',
  'camera',
  'live-player',
  'live-pusher',
  'web-view',
  'ad',
]);

/** One node of wcc's virtual tree: `{ tag: 'wx-view', attr, children }`, `virtual` for template/if/for, text as strings. */
interface VirtualNode {
  tag: string;
  attr?: Record<string, unknown>;
  children?: (VirtualNode | string | number)[];
}

type TemplateFunction = (data: unknown, env: unknown, global: unknown) => VirtualNode;

export interface CompiledStyles {
  /** wcsc's shared code (`setCssToHead`, the imported stylesheets); undefined when wcsc refused the build. */
  common?: string;
  /** Build path (`app.wxss`, `pages/index/index.wxss`) → the code that writes its stylesheet into the document. */
  files: Map<string, string>;
  /** What wcsc refused (`pages/x/index.wxss(1:5854): error at token \`*\``), empty when it compiled. */
  errors: string[];
}

/** The build's .wxml/.wxs through wcc: JavaScript defining `$gwx`, WeChat's template functions. */
export function compileWxml(dir: string): string {
  const compiler = nodeRequire('miniprogram-compiler') as { wxmlToJs(root: string, options?: { maxBuffer?: number }): string };
  return compiler.wxmlToJs(dir, { maxBuffer: 256 * 1024 * 1024 });
}

function wxssFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.wxss')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

function wechatBinary(name: 'wcc' | 'wcsc'): string {
  const root = path.dirname(nodeRequire.resolve('miniprogram-compiler/package.json'));
  const platform = process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'windows' : 'linux';
  const file = path.join(root, 'bin', platform, process.platform === 'win32' ? `${name}.exe` : name);
  // npm unpacks the package's binaries without their execute bit (a fresh `npm install` gives rw-r--r--): set it.
  if (process.platform !== 'win32') {
    try {
      accessSync(file, fsConstants.X_OK);
    } catch {
      chmodSync(file, 0o755);
    }
  }
  return file;
}

/** Unescapes one of wcsc's JS-escaped output fields (`\x3d`, `\n`, `\x22`…). */
function unescapeJs(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (_m, esc: string) => {
    if (esc[0] === 'x' || (esc[0] === 'u' && esc.length === 5)) return String.fromCharCode(parseInt(esc.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[esc] ?? esc;
  });
}

/**
 * The build's .wxss through wcsc, the way WeChat DevTools hands them over: the stylesheets of the app, of each page
 * and of each component (a file with a .json beside it) are roots, the rest (Taro's sub-common chunks) imports.
 */
export function compileWxss(dir: string): CompiledStyles {
  const all = wxssFiles(dir);
  const isRoot = (file: string) => file === 'app.wxss' || existsSync(path.join(dir, `${file.slice(0, -'.wxss'.length)}.json`));
  const roots = all.filter(isRoot);
  const imports = all.filter((f) => !isRoot(f));
  const run = spawnSync(wechatBinary('wcsc'), ['-pc', String(roots.length), ...roots, ...imports], {
    cwd: dir,
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  if (run.status !== 0) {
    const errors = `${run.stderr}${run.stdout}`
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('ERR'));
    return { files: new Map(), errors: errors.length ? errors : [`wcsc exited with ${run.status}: ${run.stderr}`] };
  }
  // `version=…=comm=<code>=<file>=<code>=…`: the fields are JS-escaped, so `=` only separates them.
  const fields = run.stdout.split('=');
  const files = new Map<string, string>();
  let common: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const key = fields[i] as string;
    const value = unescapeJs(fields[i + 1] as string);
    if (key === 'comm') common = value;
    // wcsc names app.wxss twice: `app.wxss` with the rules, `./app.wxss` empty (what the page frame calls first).
    else if (key.endsWith('.wxss') && !files.has(key.replace(/^\.\//, ''))) files.set(key.replace(/^\.\//, ''), value);
  }
  return { common, files, errors: [] };
}

/** `url(...)` references of a piece of CSS. */
export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)].map((m) => m[2] as string);
}

/**
 * Where a resource a page names (an image `src`, a style `url()`) is in the build, or why it is none: WeChat reads
 * absolute paths from the package root and relative ones from the page's folder; data: URIs are inline.
 */
export function resolveResource(dir: string, pageRoute: string, ref: string): { ok: true; file?: string } | { ok: false; reason: string } {
  if (ref.startsWith('data:')) return { ok: true };
  if (/^[a-z]+:/i.test(ref) || ref.startsWith('//')) return { ok: false, reason: `${ref} is not a file of the build` };
  const clean = ref.split(/[?#]/)[0] as string;
  const file = clean.startsWith('/') ? path.join(dir, clean) : path.join(dir, path.dirname(pageRoute), clean);
  if (!file.startsWith(dir + path.sep) || !existsSync(file)) return { ok: false, reason: `${ref} is missing from the build` };
  return { ok: true, file };
}

// ---------------------------------------------------------------------------------------------------------------------
// The webview realm

interface DomNode {
  nodeType: number;
  nodeValue: string | null;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  tagName: string;
  outerHTML: string;
  textContent: string | null;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  appendChild(node: DomNode): DomNode;
  removeChild(node: DomNode): DomNode;
  remove(): void;
  innerHTML: string;
  __wxElement?: ExparserElement;
}

interface ExparserElement {
  is?: string;
  data?: Record<string, unknown>;
  $$?: DomElement;
  _vt?: { event?: Record<string, { name: string; handler: string }> };
  ownerShadowRoot?: { getHostNode(): ExparserElement } | null;
}

interface JComponent {
  register(definition: Record<string, unknown>): string;
  create(id: string, properties?: Record<string, unknown>): JRoot;
}

interface JRoot {
  dom: DomElement;
  data: Record<string, unknown>;
  attach(parent: DomElement): void;
  detach(): void;
  setData(data: Record<string, unknown>, callback?: () => void): void;
}

interface Exparser {
  Event: {
    create(type: string, detail: unknown, options: Record<string, unknown>): unknown;
    dispatchEvent(target: ExparserElement, event: unknown): void;
  };
  Element: { getMethodCaller(node: ExparserElement): Record<string, unknown> | null };
}

interface JsdomWindow {
  document: {
    body: DomElement;
    head: DomElement;
    createElement(tag: string): DomElement;
    createTreeWalker(root: DomNode, whatToShow: number): { nextNode(): DomNode | null };
  };
  console: Record<string, Fn>;
  close(): void;
}

/** What the owner of a piece of template (the page or a custom component) offers the events bound in it. */
interface Owner {
  label: string;
  methods: ReadonlySet<string>;
  usingComponents: ReadonlySet<string>;
}

export interface ViewProblem {
  kind: 'template' | 'tag' | 'handler' | 'resource' | 'text' | 'error';
  message: string;
}

/** A page of the mini program as its view layer draws it (see ViewLayer.render). */
export interface RenderedPage {
  readonly route: string;
  /** The page's root element in the webview document. */
  readonly root: DomElement;
  /** Every non-blank text node the view layer shows, in document order (what a user reads). */
  texts(): string[];
  /** What a reader sees of the page's body: page-reading.ts's script run in the webview (the H5 page gets the same). */
  read(script: string): PageReading;
  /** Image sources drawn (`image`, `cover-image`), in document order. */
  images(): string[];
  /** Everything WeChat's view layer would refuse or fail on while drawing this page so far. */
  problems(): ViewProblem[];
  /**
   * Taps the element showing `needle` the way the view layer does: exparser dispatches `tap` from it (bubbling,
   * composed); bound handlers run the named method of their owner, forwarded to the logic layer. Settles after.
   */
  tap(needle: string): Promise<void>;
  /** The page's HTML and its stylesheet (app.wxss, then the page's) for a screenshot, built-in properties reflected. */
  snapshot(): { html: string; css: string };
  /** Stops following setData and removes the page from the webview. */
  dispose(): void;
}

/**
 * The webview: one jsdom realm holding exparser, j-component and the build's compiled templates, in which each page
 * of a harness is rendered and kept in step with its setData.
 */
export class ViewLayer {
  readonly dir: string;
  readonly styles: CompiledStyles;
  private readonly harness: WeappHarness;
  private readonly dom: { window: JsdomWindow; getInternalVMContext(): vm.Context };
  private readonly window: JsdomWindow;
  private readonly context: vm.Context;
  private readonly gwx: (file: string) => TemplateFunction | undefined;
  private readonly jc: JComponent;
  private readonly exparser: Exparser;
  private readonly realmModules = new Map<string, { exports: unknown }>();
  private readonly componentIds = new Map<string, string>();
  /** Problems of the render in progress (the realm's console warnings land here). */
  private sink: ViewProblem[] = [];
  private readonly realmJSON: { parse(text: string): unknown };

  constructor(harness: WeappHarness, compiled: { wxml: string; styles: CompiledStyles }) {
    this.harness = harness;
    this.dir = harness.dir;
    this.styles = compiled.styles;
    const { JSDOM, VirtualConsole } = nodeRequire('jsdom') as {
      JSDOM: new (html: string, options: Record<string, unknown>) => { window: JsdomWindow; getInternalVMContext(): vm.Context };
      VirtualConsole: new () => { on(event: string, fn: Fn): void };
    };
    const virtualConsole = new VirtualConsole();
    // jsdom's CSS parser does not know every modern rule the stylesheet has: its complaints are not WeChat's.
    virtualConsole.on('jsdomError', () => undefined);
    this.dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
      url: 'https://servicewechat.com/view/',
      runScripts: 'outside-only',
      virtualConsole,
    });
    this.window = this.dom.window;
    this.context = this.dom.getInternalVMContext();
    this.realmJSON = vm.runInContext('JSON', this.context) as { parse(text: string): unknown };
    // The webview's console: wcc's runtime and exparser report through it.
    const realmConsole = this.window.console;
    for (const level of ['warn', 'error'] as const) {
      realmConsole[level] = (...args: unknown[]) => {
        const text = args
          .map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : JSON.stringify(a)))
          .join(' ');
        this.sink.push({ kind: text.includes('WXMLRT_') ? 'template' : 'error', message: text.replace(/^WXMLRT_\$gwx:/, '') });
      };
    }
    const set = (name: string, value: unknown) =>
      vm.runInContext(`(v) => { globalThis[${JSON.stringify(name)}] = v; }`, this.context)(value);
    set('__webview_engine_version__', 0.02);
    this.gwx = new vm.Script(`(function () {\n${compiled.wxml}\n})()`, { filename: 'wcc-gwx.js' }).runInContext(this.context) as (
      file: string,
    ) => TemplateFunction | undefined;
    this.jc = this.realmRequire('j-component', path.dirname(nodeRequire.resolve('j-component/package.json'))) as JComponent;
    this.exparser = this.realmRequire('miniprogram-exparser', path.dirname(nodeRequire.resolve('j-component/package.json'))) as Exparser;
    this.registerBuiltins();
  }

  /** CommonJS inside the webview realm: j-component and exparser run with the window as their global. */
  private realmRequire(request: string, fromDir: string): unknown {
    const file = nodeRequire.resolve(request, { paths: [fromDir] });
    const cached = this.realmModules.get(file);
    if (cached) return cached.exports;
    const module = { exports: {} as unknown };
    this.realmModules.set(file, module);
    const source = readFileSync(file, 'utf8');
    const wrapper = new vm.Script(`(function (require, module, exports, global) {\n${source}\n})`, { filename: file, lineOffset: -1 });
    const fn = wrapper.runInContext(this.context) as Fn;
    const windowGlobal = vm.runInContext('globalThis', this.context);
    fn((r: string) => this.realmRequire(r, path.dirname(file)), module, module.exports, windowGlobal);
    return module.exports;
  }

  /** JSON crosses the bridge: a copy made in the webview realm. */
  private toRealm<T>(value: T): T {
    return this.realmJSON.parse(JSON.stringify(value ?? null)) as T;
  }

  private registerBuiltins(): void {
    for (const [name, props] of Object.entries(BUILTIN_COMPONENTS)) {
      const properties: Record<string, unknown> = {};
      for (const prop of props) properties[prop] = { type: null };
      this.jc.register(this.toRealmDefinition({ id: name, tagName: `wx-${name}`, template: '<slot/>', properties }));
    }
  }

  private toRealmDefinition(definition: Record<string, unknown>): Record<string, unknown> {
    // Plain data (properties, options) as webview objects; functions (templates, methods) stay callable as they are.
    const { template, methods, ...rest } = definition;
    const copy = this.toRealm(rest) as Record<string, unknown>;
    if (template !== undefined) copy.template = template;
    if (methods !== undefined) copy.methods = methods;
    return copy;
  }

  private readJson(file: string): { usingComponents?: Record<string, string>; component?: boolean } {
    return JSON.parse(readFileSync(path.join(this.dir, file), 'utf8')) as { usingComponents?: Record<string, string> };
  }

  /** `../../comp` from `pages/index/index` → `comp`; `/comp` → `comp`. */
  private componentPath(from: string, ref: string): string {
    const joined = ref.startsWith('/') ? ref.slice(1) : path.posix.join(path.posix.dirname(from), ref);
    return path.posix.normalize(joined);
  }

  /**
   * The template function of a build file, checked as it runs: every tag is a built-in component or one the owner's
   * `usingComponents` names, every bound event names a method the owner has.
   */
  private checkedTemplate(file: string, owner: Owner): TemplateFunction {
    const fn = this.gwx(file);
    if (typeof fn !== 'function') throw new Error(`wcc produced no template for ${file}`);
    return ((data: unknown) => {
      const tree = fn(data, {}, {});
      this.checkTree(tree, owner);
      return tree;
    }) as TemplateFunction;
  }

  private checkTree(root: VirtualNode, owner: Owner): void {
    const seen = new Set<string>();
    const report = (problem: ViewProblem) => {
      if (seen.has(problem.message)) return;
      seen.add(problem.message);
      this.sink.push(problem);
    };
    const stack: (VirtualNode | string | number)[] = [root];
    while (stack.length) {
      const node = stack.pop();
      if (node === undefined || typeof node !== 'object') continue;
      const tag = node.tag;
      if (tag !== 'virtual' && tag !== 'wx-page' && tag !== 'shadow') {
        const name = tag.startsWith('wx-') ? tag.slice(3) : tag;
        if (!(name in BUILTIN_COMPONENTS) && !owner.usingComponents.has(name) && name !== 'slot') {
          report({ kind: 'tag', message: `${owner.label}: <${name}> is neither a WeChat component nor in usingComponents` });
        }
        for (const [attr, value] of Object.entries(node.attr ?? {})) {
          const bound = /^(?:bind|catch|mut-bind|capture-bind|capture-catch):?(.+)$/.exec(attr);
          if (!bound) continue;
          if (typeof value !== 'string' || !owner.methods.has(value)) {
            report({
              kind: 'handler',
              message: `${owner.label}: <${name} ${attr}="${String(value)}"> names no method of the ${owner.label}`,
            });
          }
        }
      }
      for (const child of node.children ?? []) stack.push(child);
    }
  }

  /** Registers a custom component of the build (by its path) and those it uses; returns its j-component id. */
  private registerComponent(file: string): string {
    const known = this.componentIds.get(file);
    if (known) return known;
    const id = `c${this.componentIds.size}-${file.replace(/[^a-zA-Z0-9]/g, '-')}`;
    this.componentIds.set(file, id);
    const json = this.readJson(`${file}.json`);
    const using: Record<string, string> = {};
    for (const [tag, ref] of Object.entries(json.usingComponents ?? {})) {
      using[tag] = ref.startsWith('plugin://') ? tag : this.registerComponent(this.componentPath(file, ref));
    }
    // The definition the build's own code handed to Component() in the logic layer (harness.ts).
    const definition = (this.harness.componentDefinition(file) ?? {}) as {
      properties?: Record<string, unknown>;
      options?: Record<string, unknown>;
      methods?: Record<string, unknown>;
    };
    const methodNames = Object.keys(definition.methods ?? {}).filter((m) => typeof definition.methods?.[m] === 'function');
    const methods: Record<string, Fn> = {};
    for (const name of methodNames) methods[name] = (event: unknown) => this.forwardComponentEvent(file, name, event);
    const properties: Record<string, unknown> = {};
    for (const [prop, spec] of Object.entries(definition.properties ?? {})) {
      // Types are constructors of the logic layer's realm; the view layer only needs the default.
      const value = spec && typeof spec === 'object' && 'value' in spec ? (spec as { value: unknown }).value : undefined;
      properties[prop] = { type: null, value: value === undefined ? null : value };
    }
    this.jc.register(
      this.toRealmDefinition({
        id,
        tagName: file.split('/').pop(),
        path: `/${file}`,
        template: this.checkedTemplate(`${file}.wxml`, {
          label: `component ${file}`,
          methods: new Set(methodNames),
          usingComponents: new Set(Object.keys(using)),
        }),
        usingComponents: using,
        properties,
        options: { ...(definition.options ?? {}), multipleSlots: true },
        methods,
      }),
    );
    return id;
  }

  private activePage: PageHandle | null = null;

  /** A component's event, run by the logic layer's definition of that component (Taro's `eh` finds the node by id). */
  private forwardComponentEvent(file: string, method: string, event: unknown): void {
    const definition = this.harness.componentDefinition(file) as { methods?: Record<string, Fn> } | undefined;
    const fn = definition?.methods?.[method];
    const page = this.activePage;
    if (!fn || !page) return;
    this.harness.run(`view event ${method} of ${file}`, () => fn.call(page.instance, this.harness.toRealm(event)));
  }

  /**
   * Renders a page open in the harness: its .wxml with the data its logic layer has set so far, then every later
   * setData as it arrives. Problems seen while drawing are kept on the page (`problems()`).
   */
  render(handle: PageHandle): RenderedPage {
    const route = handle.route;
    const problems: ViewProblem[] = [];
    const json = this.readJson(`${route}.json`);
    const using: Record<string, string> = {};
    const previousSink = this.sink;
    this.sink = problems;
    try {
      for (const [tag, ref] of Object.entries(json.usingComponents ?? {})) {
        using[tag] = ref.startsWith('plugin://') ? tag : this.registerComponent(this.componentPath(route, ref));
      }
    } finally {
      this.sink = previousSink;
    }
    const instance = handle.instance;
    const methodNames: string[] = [];
    // The methods of the page's definition (what the build handed to Page()); the instance's own functions (setData,
    // selectComponent…) are the framework's, which the view side has itself.
    const definition = Object.getPrototypeOf(instance) as object | null;
    for (let proto = definition; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
      for (const key of Object.getOwnPropertyNames(proto)) {
        if (typeof (proto as Record<string, unknown>)[key] === 'function' && !methodNames.includes(key)) methodNames.push(key);
      }
    }
    const methods: Record<string, Fn> = {};
    for (const name of methodNames) {
      methods[name] = (event: unknown) =>
        this.harness.run(`${route} view event → ${name}`, () => (instance[name] as Fn).call(instance, this.harness.toRealm(event)));
    }
    const id = this.jc.register(
      this.toRealmDefinition({
        tagName: 'wx-page-root',
        path: `/${route}`,
        template: this.checkedTemplate(`${route}.wxml`, {
          label: `page ${route}`,
          methods: new Set(methodNames),
          usingComponents: new Set(Object.keys(using)),
        }),
        usingComponents: using,
        data: JSON.parse(JSON.stringify(instance.data ?? {})) as Record<string, unknown>,
        methods,
      }),
    );
    const container = this.window.document.createElement('div');
    container.setAttribute('data-route', route);
    this.window.document.body.appendChild(container);
    this.sink = problems;
    this.activePage = handle;
    let view: JRoot;
    try {
      view = this.jc.create(id);
      view.attach(container);
    } finally {
      this.sink = previousSink;
    }
    const unsubscribe = handle.onSetData((payload) => {
      const before = this.sink;
      this.sink = problems;
      try {
        view.setData(this.toRealm(payload));
      } catch (error) {
        problems.push({ kind: 'error', message: `setData: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` });
      } finally {
        this.sink = before;
      }
    });
    const root = view.dom;
    const elements = (): DomElement[] => Array.from(container.querySelectorAll('*'));
    return {
      route,
      root,
      texts: () => {
        const out: string[] = [];
        const walker = this.window.document.createTreeWalker(container, 4 /* NodeFilter.SHOW_TEXT */);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.nodeValue && node.nodeValue.trim() !== '') out.push(node.nodeValue);
        }
        return out;
      },
      read: (script: string) => JSON.parse(JSON.stringify(vm.runInContext(script, this.context))) as PageReading,
      images: () => {
        return elements()
          .filter((el) => el.tagName === 'WX-IMAGE' || el.tagName === 'WX-COVER-IMAGE')
          .map((el) => String(el.__wxElement?.data?.src ?? ''));
      },
      problems: () => {
        const out = [...problems];
        for (const el of elements()) {
          const tag = el.tagName.toLowerCase();
          if (tag === 'wx-image' || tag === 'wx-cover-image') {
            const src = String(el.__wxElement?.data?.src ?? '');
            if (!src) out.push({ kind: 'resource', message: `<${tag.slice(3)}> without src` });
            else {
              const found = resolveResource(this.dir, route, src);
              if (!found.ok) out.push({ kind: 'resource', message: `<${tag.slice(3)} src>: ${found.reason}` });
            }
          }
          // A background from the package does not load on a phone (WeChat: network images or base64 only).
          const style = el.getAttribute('style');
          for (const ref of style ? cssUrls(style) : []) {
            if (!ref.startsWith('data:') && !ref.startsWith('https://')) {
              out.push({ kind: 'resource', message: `style url(${ref.slice(0, 80)}): a background must be data: or https:` });
            }
          }
        }
        return out;
      },
      tap: async (needle: string) => {
        const walker = this.window.document.createTreeWalker(container, 4);
        let target: DomNode | null = null;
        for (let node = walker.nextNode(); node && !target; node = walker.nextNode()) {
          if (node.nodeValue?.includes(needle)) target = node.parentNode;
        }
        if (!target) throw new Error(`No text "${needle}" in the view of ${route}`);
        let element = target as DomElement;
        while (!element.__wxElement && element.parentNode) element = element.parentNode as DomElement;
        const wx = element.__wxElement;
        if (!wx) throw new Error(`"${needle}" on ${route} is in no exparser element`);
        const before = this.sink;
        this.sink = problems;
        this.activePage = handle;
        try {
          this.exparser.Event.dispatchEvent(wx, this.exparser.Event.create('tap', { x: 10, y: 10 }, { bubbles: true, composed: true }));
        } finally {
          this.sink = before;
        }
        await this.harness.settle();
      },
      snapshot: () => {
        return { html: this.serialize(container), css: this.stylesheet(route) };
      },
      dispose: () => {
        unsubscribe();
        view.detach();
        container.remove();
      },
    };
  }

  /**
   * The page's markup as the webview holds it, with each built-in component's properties written as attributes
   * (`<wx-image src mode>`, `<wx-input placeholder value>`…) for the screenshot's stand-in to draw.
   */
  private serialize(container: DomElement): string {
    const reflected: { el: DomElement; names: string[] }[] = [];
    for (const el of Array.from(container.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (!tag.startsWith('wx-')) continue;
      const props = BUILTIN_COMPONENTS[tag.slice(3)];
      const data = el.__wxElement?.data;
      if (!props || !data) continue;
      const names: string[] = [];
      for (const prop of props) {
        const value = data[prop];
        if (value === undefined || value === null || value === false || value === '') continue;
        const attr = prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        el.setAttribute(attr, typeof value === 'object' ? JSON.stringify(value) : String(value));
        names.push(attr);
      }
      reflected.push({ el, names });
    }
    const html = container.innerHTML;
    for (const { el, names } of reflected)
      for (const name of names) (el as unknown as { removeAttribute(n: string): void }).removeAttribute(name);
    return html;
  }

  /** The CSS WeChat's webview would hold for a page: wcsc's code for app.wxss, then the page's, run at 375 px. */
  stylesheet(route: string): string {
    const { common, files } = this.styles;
    if (!common) return '';
    const head = this.window.document.head;
    head.innerHTML = '';
    const run = (code: string) => vm.runInContext(code, this.context);
    // The device: 375 px wide (wcsc's code reads window.screen.width and converts 750 rpx to it), not an iPhone (a
    // hairline under 1 px is drawn 1 px wide, as on Android).
    run(`Object.defineProperty(window.screen, 'width', { value: ${DEVICE_WIDTH}, configurable: true });`);
    run(`(function(){ ${common}; window.__setCssToHead = setCssToHead; window.__COMMON_STYLESHEETS__ = __COMMON_STYLESHEETS__; })()`);
    for (const file of ['app.wxss', `${route}.wxss`]) {
      const code = files.get(file);
      if (code)
        run(
          `(function(){ var setCssToHead = window.__setCssToHead; var __COMMON_STYLESHEETS__ = window.__COMMON_STYLESHEETS__; (${code})(); })()`,
        );
    }
    const css = Array.from(head.querySelectorAll('style'))
      .map((s) => s.textContent ?? '')
      .join('\n');
    head.innerHTML = '';
    return css;
  }

  dispose(): void {
    this.window.close();
  }
}

/** Compiles the build's templates and stylesheets once and opens the webview for a harness. */
export function openViewLayer(harness: WeappHarness, compiled?: { wxml: string; styles: CompiledStyles }): ViewLayer {
  return new ViewLayer(harness, compiled ?? { wxml: compileWxml(harness.dir), styles: compileWxss(harness.dir) });
}
