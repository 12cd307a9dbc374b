// A plain-Node stand-in for the WeChat mini program's logic layer (docs/WEAPP.md
// "The harness"): it loads the built `dist/weapp` JavaScript into a fresh V8 context that has what a phone
// has (`wx`, App, Page, Component, getApp, getCurrentPages, timers, console) and nothing a browser has
// (`window`, `document`, `navigator`, `localStorage`… are shadowed with undefined in every module, exactly
// as WeChat's module wrapper does), so browser-only code crashes here as it would on a phone.
// Pages are driven through their lifecycle; what they draw is read from the setData tree.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {
  type NodeRef,
  type NodeTemplate,
  type RenderedNode,
  applyDataPath,
  attributeOf,
  collectTexts,
  readTemplates,
  walk,
} from './render-tree';
import { type AppJson, declaredPages, readAppJson, tabBarPages, weappDir } from './weapp-build';
import { type RequestHandler, type WxCall, type WxStub, anonymousServer, createWx } from './wx-stub';

/** Names WeChat's module wrapper passes as undefined parameters, hiding the browser globals from app code. */
const SHADOWED_BROWSER_GLOBALS = [
  'window',
  'document',
  'frames',
  'self',
  'location',
  'navigator',
  'localStorage',
  'history',
  'Caches',
  'screen',
  'alert',
  'confirm',
  'prompt',
  'XMLHttpRequest',
  'WebSocket',
  'Reporter',
  'webkit',
  'WeixinJSCore',
];

/** Timers at or under this delay count as "work still to do" when waiting for a page to settle. */
const SHORT_TIMER_MS = 50;

type Fn = (...args: unknown[]) => unknown;
/** A page or app definition as the bundle hands it to Page()/App(): lifecycle functions and data. */
type Definition = Record<string, unknown>;

interface ModuleRecord {
  exports: unknown;
}

export interface HarnessError {
  /** Where it surfaced: a timer callback, a lifecycle call, an unhandled promise rejection, App.onError… */
  source: string;
  error: unknown;
}

export interface ConsoleEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

export interface HarnessOptions {
  /** The build directory; default WEAPP_DIR or dist/weapp. */
  dir?: string;
  /** Answers wx.request; default: anonymous visitor (`/djapi/account` → 300001), everything else `{result_code:0,data:{}}`. */
  request?: RequestHandler;
  /** wx storage before launch (key → value). */
  storage?: Record<string, unknown>;
  /** Launch options (path, query, scene) as getLaunchOptionsSync / App.onLaunch see them. */
  launch?: { path?: string; query?: Record<string, string>; scene?: number };
}

export interface SettleResult {
  settled: boolean;
  ms: number;
}

function formatError(error: unknown): string {
  if (error instanceof Error || (error && typeof error === 'object' && 'stack' in error)) {
    return String((error as { stack?: unknown }).stack ?? error);
  }
  return typeof error === 'string' ? error : JSON.stringify(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `pages/x/index?a=1&b=%E4%B8%AD` → page path and its query, values left encoded (WeChat does not decode them). */
export function splitPageUrl(url: string): { page: string; query: Record<string, string> } {
  const [rawPath, search = ''] = url.replace(/^\//, '').split('?') as [string, string?];
  const query: Record<string, string> = {};
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    query[eq < 0 ? pair : pair.slice(0, eq)] = eq < 0 ? '' : pair.slice(eq + 1);
  }
  return { page: rawPath, query };
}

export class WeappHarness {
  readonly dir: string;
  readonly appJson: AppJson;
  readonly errors: HarnessError[] = [];
  readonly console: ConsoleEntry[] = [];
  readonly templates: Map<string, NodeTemplate>;
  /** Every wx API call, in order (navigateTo, request, showToast…). */
  readonly calls: WxCall[];
  readonly stub: WxStub;

  private readonly context: vm.Context;
  private readonly realmJSON: { parse(text: string): unknown };
  private readonly modules = new Map<string, ModuleRecord>();
  private readonly pageDefinitions = new Map<string, Definition>();
  private readonly componentDefinitions = new Map<string, Definition>();
  private readonly listeners = new Map<string, Set<Fn>>();
  /** Timer ids are numbers, as on a phone (not Node's Timeout objects). */
  private readonly timers = new Map<number, { handle: NodeJS.Timeout; short: boolean; interval: boolean }>();
  private nextTimerId = 1;
  private readonly stack: PageHandle[] = [];
  private readonly launchOptions: Record<string, unknown>;
  private loadingFile: string | null = null;
  private appDefinition: Definition | null = null;
  private setDataCount = 0;
  private disposed = false;
  private realmPromise: unknown = null;
  private readonly onRejection = (reason: unknown, promise: Promise<unknown>): void => {
    // Only this app's promises (another harness in the same process has its own realm).
    if (promise instanceof (this.realmPromise as PromiseConstructor)) {
      this.errors.push({ source: 'unhandled promise rejection', error: reason });
    }
  };

  constructor(options: HarnessOptions = {}) {
    this.dir = options.dir ?? weappDir();
    if (!existsSync(path.join(this.dir, 'app.json'))) {
      throw new Error(`No mini program build at ${this.dir}: run \`npm run build:weapp\` first`);
    }
    this.appJson = readAppJson(this.dir);
    this.templates = readTemplates(this.dir);
    this.launchOptions = {
      path: options.launch?.path ?? this.appJson.pages[0],
      query: options.launch?.query ?? {},
      scene: options.launch?.scene ?? 1001,
      referrerInfo: {},
      apiCategory: 'default',
    };

    this.context = vm.createContext(this.sandbox());
    this.realmJSON = vm.runInContext('JSON', this.context) as { parse(text: string): unknown };
    this.realmPromise = vm.runInContext('Promise', this.context);
    this.stub = createWx(
      {
        later: (fn, ms) => void this.setTimer(fn, ms ?? 0, false),
        toRealm: (value) => this.toRealm(value),
        declaredPages: () => declaredPages(this.appJson),
        tabPages: () => tabBarPages(this.appJson),
        onListener: (event, fn) => this.listen(event, fn as Fn),
        offListener: (event, fn) => this.unlisten(event, fn as Fn | undefined),
        launchOptions: () => this.launchOptions,
      },
      options.storage,
    );
    this.calls = this.stub.calls;
    this.stub.setRequestHandler(options.request ?? anonymousServer);
    (this.context as Record<string, unknown>).wx = this.stub.wx;
    process.on('unhandledRejection', this.onRejection);
  }

  /** The globals of the mini program's logic layer; anything else is a ReferenceError, as on a phone. */
  private sandbox(): Record<string, unknown> {
    const realmConsole: Record<string, Fn> = {};
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      realmConsole[level] = (...args: unknown[]) => {
        this.console.push({ level, text: args.map((a) => (typeof a === 'string' ? a : formatError(a))).join(' ') });
        if (process.env.WEAPP_HARNESS_VERBOSE) console[level]('[weapp]', ...args);
      };
    }
    return {
      console: realmConsole,
      setTimeout: (fn: Fn, ms?: number, ...args: unknown[]) => this.setTimer(() => fn(...args), ms ?? 0, false),
      clearTimeout: (id: number) => this.clearTimer(id),
      setInterval: (fn: Fn, ms?: number, ...args: unknown[]) => this.setTimer(() => fn(...args), ms ?? 0, true),
      clearInterval: (id: number) => this.clearTimer(id),
      App: (definition: Definition) => {
        this.appDefinition = definition;
      },
      Page: (definition: Definition) => {
        if (!this.loadingFile) throw new Error('Page() called outside a page module');
        this.pageDefinitions.set(this.loadingFile, definition);
      },
      Component: (definition: Definition) => {
        if (this.loadingFile) this.componentDefinitions.set(this.loadingFile, definition);
      },
      Behavior: (definition: Definition) => definition,
      getApp: () => this.appDefinition,
      getCurrentPages: () => this.stack.map((p) => p.instance),
      requirePlugin: (name: string) => {
        throw new Error(`requirePlugin("${name}"): the harness has no plugins`);
      },
    };
  }

  private setTimer(fn: () => void, ms: number, interval: boolean): number {
    const id = this.nextTimerId++;
    const run = (): void => {
      if (!interval) this.timers.delete(id);
      try {
        fn();
      } catch (error) {
        this.errors.push({ source: 'timer callback', error });
      }
    };
    const handle = interval ? setInterval(run, ms) : setTimeout(run, ms);
    // The page's own timers (swiper autoplay, marquees) must never keep the test process alive.
    handle.unref();
    this.timers.set(id, { handle, short: ms <= SHORT_TIMER_MS, interval });
    return id;
  }

  private clearTimer(id: number | undefined): void {
    const timer = id === undefined ? undefined : this.timers.get(id);
    if (!timer) return;
    clearTimeout(timer.handle);
    this.timers.delete(id as number);
  }

  private listen(event: string, fn: Fn): void {
    const set = this.listeners.get(event) ?? new Set<Fn>();
    set.add(fn);
    this.listeners.set(event, set);
  }

  private unlisten(event: string, fn?: Fn): void {
    if (!fn) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(fn);
  }

  private emit(event: string, payload: unknown): void {
    for (const fn of this.listeners.get(event) ?? []) this.guard(`wx.on${event}`, () => fn(this.toRealm(payload)));
  }

  /** JSON copy made inside the mini program's realm (what crosses the wx boundary is JSON). */
  toRealm<T>(value: T): T {
    if (value === undefined) return value;
    return this.realmJSON.parse(JSON.stringify(value)) as T;
  }

  private guard<T>(source: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      this.errors.push({ source, error });
      return undefined;
    }
  }

  /** WeChat's `require`: paths relative to the requiring file, `.js` implied, each module run once. */
  require(file: string, from = this.dir): unknown {
    const base = file.startsWith('/') ? this.dir : from;
    let abs = path.resolve(base, file.replace(/^\//, ''));
    if (!abs.endsWith('.js')) abs += '.js';
    const cached = this.modules.get(abs);
    if (cached) return cached.exports;
    if (!abs.startsWith(this.dir + path.sep)) throw new Error(`require outside the mini program: ${file}`);
    const record: ModuleRecord = { exports: {} };
    this.modules.set(abs, record);
    const source = readFileSync(abs, 'utf8');
    const wrapper = `(function (require, module, exports, ${SHADOWED_BROWSER_GLOBALS.join(', ')}) {\n${source}\n})`;
    const compiled = new vm.Script(wrapper, { filename: abs, lineOffset: -1 }).runInContext(this.context) as Fn;
    const moduleObject = { exports: record.exports };
    const previous = this.loadingFile;
    this.loadingFile = path.relative(this.dir, abs).slice(0, -'.js'.length).split(path.sep).join('/');
    try {
      compiled((request: string) => this.require(request, path.dirname(abs)), moduleObject, moduleObject.exports);
    } finally {
      this.loadingFile = previous;
    }
    record.exports = moduleObject.exports;
    return record.exports;
  }

  /** Runs `source` as a mini program module body (same wrapper, same globals) and returns `module.exports`. */
  evaluate(source: string): unknown {
    const wrapper = `(function (module, ${SHADOWED_BROWSER_GLOBALS.join(', ')}) {\n${source}\n})`;
    const compiled = new vm.Script(wrapper, { filename: 'harness-evaluate.js', lineOffset: -1 }).runInContext(this.context) as Fn;
    const moduleObject: ModuleRecord = { exports: undefined };
    compiled(moduleObject);
    return moduleObject.exports;
  }

  /** Loads app.js (and with it runtime, taro, vendors, common) and runs App.onLaunch/onShow. */
  async launch(): Promise<this> {
    this.require('./app');
    const app = this.appDefinition;
    if (!app) throw new Error('app.js did not call App()');
    this.callLifecycle(app, 'onLaunch', [this.toRealm(this.launchOptions)], 'App.onLaunch');
    this.callLifecycle(app, 'onShow', [this.toRealm(this.launchOptions)], 'App.onShow');
    await this.settle();
    return this;
  }

  private callLifecycle(target: Definition, name: string, args: unknown[], source: string): void {
    const fn = target[name];
    if (typeof fn === 'function') this.guard(source, () => (fn as Fn).apply(target, args));
  }

  /**
   * Opens a page as WeChat does for `wx.navigateTo(url)`: loads its code (and its components'), creates the
   * instance, pushes it on the stack, then onLoad(query) → onShow → onReady. A page missing from app.json
   * fires the app's onPageNotFound instead and returns null.
   */
  async openPage(url: string): Promise<PageHandle | null> {
    const { page, query } = splitPageUrl(url);
    if (!declaredPages(this.appJson).includes(page)) {
      const res = { path: page, query, isEntryPage: this.stack.length === 0 };
      this.emit('pageNotFound', res);
      if (this.appDefinition) this.callLifecycle(this.appDefinition, 'onPageNotFound', [this.toRealm(res)], 'App.onPageNotFound');
      await this.settle();
      return null;
    }
    this.loadPageCode(page);
    const definition = this.pageDefinitions.get(page);
    if (!definition) throw new Error(`${page}.js did not call Page()`);
    const handle = new PageHandle(this, page, definition, query);
    this.stack.push(handle);
    this.emit('appRoute', { path: page, query, openType: this.stack.length === 1 ? 'appLaunch' : 'navigateTo' });
    this.callLifecycle(handle.instance, 'onLoad', [this.toRealm(query)], `${page} onLoad`);
    this.callLifecycle(handle.instance, 'onShow', [], `${page} onShow`);
    this.callLifecycle(handle.instance, 'onReady', [], `${page} onReady`);
    await this.settle();
    return handle;
  }

  private loadPageCode(page: string): void {
    if (this.pageDefinitions.has(page)) return;
    const json = JSON.parse(readFileSync(path.join(this.dir, `${page}.json`), 'utf8')) as { usingComponents?: Record<string, string> };
    for (const component of Object.values(json.usingComponents ?? {})) {
      if (component.startsWith('plugin://')) continue;
      this.require(component, path.dirname(path.join(this.dir, page)));
    }
    this.require(`/${page}`);
  }

  /** Runs onHide/onUnload and takes the page off the stack. */
  async closePage(handle: PageHandle): Promise<void> {
    const at = this.stack.indexOf(handle);
    if (at < 0) return;
    this.callLifecycle(handle.instance, 'onHide', [], `${handle.route} onHide`);
    this.callLifecycle(handle.instance, 'onUnload', [], `${handle.route} onUnload`);
    this.stack.splice(at, 1);
    await this.settle();
  }

  /** @internal PageHandle reports each setData here, for settle(). */
  noteSetData(): void {
    this.setDataCount += 1;
  }

  /** @internal PageHandle runs realm callbacks through here, so their errors are recorded. */
  run(source: string, fn: () => unknown): unknown {
    return this.guard(source, fn);
  }

  /**
   * Waits until React and Taro have flushed: no short timer pending and no setData for a few turns.
   * Long timers (autoplay, marquee) are not waited for. Resolves `settled: false` at the time limit.
   */
  async settle(timeoutMs = 3000): Promise<SettleResult> {
    const started = Date.now();
    let quietTurns = 0;
    let lastCount = this.setDataCount;
    while (Date.now() - started < timeoutMs) {
      await sleep(5);
      const shortPending = [...this.timers.values()].some((t) => t.short && !t.interval);
      if (this.setDataCount === lastCount && !shortPending) quietTurns += 1;
      else quietTurns = 0;
      lastCount = this.setDataCount;
      if (quietTurns >= 3) return { settled: true, ms: Date.now() - started };
    }
    return { settled: false, ms: Date.now() - started };
  }

  /** wx API calls of one kind (`navigateTo`, `request`…), options only. */
  callsOf(api: string): Record<string, unknown>[] {
    return this.calls.filter((c) => c.api === api).map((c) => c.options);
  }

  pages(): readonly PageHandle[] {
    return this.stack;
  }

  /** What a component module (`comp`, `custom-wrapper`…) handed to Component(), once a page using it has opened. */
  componentDefinition(file: string): Definition | undefined {
    return this.componentDefinitions.get(file);
  }

  /** Errors and console.error lines so far, formatted for an assertion message. */
  problems(): string[] {
    return [
      ...this.errors.map((e) => `${e.source}: ${formatError(e.error)}`),
      ...this.console.filter((c) => c.level === 'error').map((c) => `console.error: ${c.text}`),
    ];
  }

  /** Stops every timer the app started and detaches from the process. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer.handle);
    this.timers.clear();
    process.off('unhandledRejection', this.onRejection);
  }
}

/** A live page: its instance, its rendered tree, taps. */
export class PageHandle {
  readonly instance: Definition;
  readonly route: string;

  constructor(
    private readonly harness: WeappHarness,
    route: string,
    definition: Definition,
    query: Record<string, string>,
  ) {
    this.route = route;
    // WeChat builds each page instance from its definition: methods shared, data copied.
    const instance = Object.create(definition) as Definition;
    Object.assign(instance, {
      route,
      __route__: route,
      options: harness.toRealm(query),
      data: harness.toRealm(definition.data ?? {}),
      setData: (data: Record<string, unknown>, callback?: () => void) => this.setData(data, callback),
      selectComponent: () => null,
      selectAllComponents: () => [],
      createSelectorQuery: () => (harness.stub.wx.createSelectorQuery as Fn)(),
      createIntersectionObserver: (options: unknown) => (harness.stub.wx.createIntersectionObserver as Fn)(instance, options),
      getOpenerEventChannel: () => ({ emit: () => undefined, on: () => undefined, once: () => undefined, off: () => undefined }),
    });
    this.instance = instance;
  }

  private readonly setDataListeners = new Set<(data: Record<string, unknown>) => void>();

  /** Calls `listener` with each later setData payload (a JSON copy, path keys as sent): a view layer follows it. */
  onSetData(listener: (data: Record<string, unknown>) => void): () => void {
    this.setDataListeners.add(listener);
    return () => void this.setDataListeners.delete(listener);
  }

  private setData(data: Record<string, unknown>, callback?: () => void): void {
    // The view layer gets JSON: functions and undefined vanish, exactly as they would on a phone.
    const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    const tree = this.instance.data as Record<string, unknown>;
    for (const [key, value] of Object.entries(copy)) applyDataPath(tree, key, this.harness.toRealm(value));
    this.harness.noteSetData();
    for (const listener of this.setDataListeners) listener(JSON.parse(JSON.stringify(copy)) as Record<string, unknown>);
    if (callback) setTimeout(() => this.harness.run(`${this.route} setData callback`, callback), 0).unref();
  }

  /** The rendered tree (`data.root`). */
  get root(): RenderedNode | undefined {
    return (this.instance.data as { root?: RenderedNode }).root;
  }

  texts(): string[] {
    return collectTexts(this.root);
  }

  /** All text on the page, one text node per line. */
  text(): string {
    return this.texts().join('\n');
  }

  tagOf(node: RenderedNode): string {
    return this.harness.templates.get(String(node.nn))?.tag ?? `nn:${String(node.nn)}`;
  }

  /** The first text node whose text contains `needle` (with its ancestors), or null. */
  findText(needle: string): NodeRef | null {
    let found: NodeRef | null = null;
    walk(this.root, (ref) => {
      if (!found && typeof ref.node.v === 'string' && ref.node.v.includes(needle)) found = ref;
    });
    return found;
  }

  /**
   * Taps what shows `needle`, the way WeChat delivers it: `eh` is called for each ancestor whose template
   * binds `tap` (nearest first, `catchtap` stops it), with `target` the tapped node and `currentTarget` the
   * bound one. Returns how many handlers ran; throws if the text is not on the page.
   */
  async tap(needle: string): Promise<number> {
    return this.trigger(needle, 'tap', { x: 10, y: 10 });
  }

  /**
   * Delivers a component event of `type` with `detail` to what shows `needle`, the way WeChat does: e.g. a
   * `<button open-type="getPhoneNumber">` fires `getphonenumber` with `{ code }` once the user allows it. Each
   * ancestor whose template binds the event gets it (nearest first; `catch` stops it). Returns how many
   * handlers ran; throws if the text is not on the page or nothing there listens to the event.
   */
  async trigger(needle: string, type: string, detail: Record<string, unknown> = {}): Promise<number> {
    const ref = this.findText(needle);
    if (!ref) throw new Error(`No text "${needle}" on ${this.route}. Page text:\n${this.text()}`);
    return this.triggerAt(ref, type, detail, `"${needle}"`);
  }

  /** The first node `match` accepts (it gets the node's ancestors too), document order, or null. */
  find(match: (node: RenderedNode, ancestors: RenderedNode[]) => boolean): NodeRef | null {
    let found: NodeRef | null = null;
    walk(this.root, (ref) => {
      if (!found && match(ref.node, ref.ancestors)) found = ref;
    });
    return found;
  }

  /** Every node `match` accepts, document order. */
  findAll(match: (node: RenderedNode, ancestors: RenderedNode[]) => boolean): NodeRef[] {
    const found: NodeRef[] = [];
    walk(this.root, (ref) => {
      if (match(ref.node, ref.ancestors)) found.push(ref);
    });
    return found;
  }

  /** A node's attribute as its template draws it (e.g. `aria-role`), or undefined when the template has none. */
  attribute(node: RenderedNode, name: string): unknown {
    return attributeOf(this.harness.templates, node, name);
  }

  /** As `trigger`, on a node found otherwise (an input has no text to find it by). */
  async triggerAt(ref: NodeRef, type: string, detail: Record<string, unknown> = {}, label = 'a node'): Promise<number> {
    const needle = label;
    const path = [ref.node, ...ref.ancestors].filter((n) => n.nn !== undefined && n.sid !== undefined);
    const target = path[0] as RenderedNode;
    const handler = this.instance.eh;
    if (typeof handler !== 'function') throw new Error(`${this.route} has no eh event handler`);
    const identity = (node: RenderedNode) => ({
      id: String(node.uid ?? node.sid),
      dataset: { sid: String(node.sid) },
      offsetLeft: 0,
      offsetTop: 0,
    });
    let delivered = 0;
    for (const node of path) {
      const binding = this.harness.templates.get(String(node.nn))?.bound.get(type);
      if (!binding) continue;
      const event = this.harness.toRealm({
        type,
        timeStamp: Date.now(),
        target: identity(target),
        currentTarget: identity(node),
        detail,
        touches: [],
        changedTouches: [],
        mark: {},
        mut: false,
      });
      this.harness.run(`${this.route} ${type} on ${needle}`, () => (handler as Fn).call(this.instance, event));
      delivered += 1;
      if (binding === 'catch') break;
    }
    if (delivered === 0 && type !== 'tap') throw new Error(`Nothing around ${needle} on ${this.route} binds ${type}`);
    await this.harness.settle();
    return delivered;
  }
}

/** Boots the build: new context, app.js loaded, App.onLaunch/onShow run. */
export async function bootWeapp(options: HarnessOptions = {}): Promise<WeappHarness> {
  return new WeappHarness(options).launch();
}
