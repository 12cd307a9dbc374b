// The built mini program on disk (`dist/weapp`, or a private copy named by WEAPP_DIR): where it is,
// what app.json declares, and which files belong to which package. Shared by the build and render tests.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SubPackage {
  root: string;
  pages: string[];
  name?: string;
  independent?: boolean;
}

export interface AppJson {
  pages: string[];
  subPackages?: SubPackage[];
  /** WeChat accepts both spellings; Taro writes `subPackages`. */
  subpackages?: SubPackage[];
  tabBar?: { list: { pagePath: string; text?: string }[] };
  window?: Record<string, unknown>;
}

/** The build under test: WEAPP_DIR (absolute or relative to the repo) or dist/weapp. */
export function weappDir(): string {
  return path.resolve(REPO_ROOT, process.env.WEAPP_DIR || 'dist/weapp');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits (up to `timeoutMs`) for app.json: another engineer's `taro build` empties dist/weapp while it runs.
 * Fails with the command to run when there is no build at all.
 */
export async function waitForBuild(dir = weappDir(), timeoutMs = 45_000): Promise<string> {
  const appJson = path.join(dir, 'app.json');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(appJson)) {
    if (Date.now() > deadline) {
      throw new Error(`No mini program build at ${dir} (app.json missing): run \`npm run build:weapp\` first`);
    }
    await sleep(500);
  }
  return dir;
}

export function readAppJson(dir = weappDir()): AppJson {
  return JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as AppJson;
}

export function subPackagesOf(app: AppJson): SubPackage[] {
  return app.subPackages ?? app.subpackages ?? [];
}

/** Every page path app.json declares (`pages/fund/detail/index`), main package first. */
export function declaredPages(app: AppJson): string[] {
  const pages = [...app.pages];
  for (const sub of subPackagesOf(app)) {
    for (const page of sub.pages) pages.push(`${sub.root.replace(/\/$/, '')}/${page}`);
  }
  return pages;
}

export function tabBarPages(app: AppJson): string[] {
  return (app.tabBar?.list ?? []).map((item) => item.pagePath);
}

/** The subpackage whose root holds `file` (a path relative to the build), or null for the main package. */
export function packageRootOf(app: AppJson, file: string): string | null {
  const normalised = file.split(path.sep).join('/');
  for (const sub of subPackagesOf(app)) {
    const root = sub.root.replace(/\/$/, '');
    if (normalised === root || normalised.startsWith(`${root}/`)) return root;
  }
  return null;
}

export interface BuiltFile {
  /** Relative to the build directory, with forward slashes. */
  file: string;
  bytes: number;
}

export function listFiles(dir = weappDir()): BuiltFile[] {
  const out: BuiltFile[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const full = path.join(abs, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push({ file: path.relative(dir, full).split(path.sep).join('/'), bytes: statSync(full).size });
    }
  };
  walk(dir);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/** Pages present on disk: a `.js` with its `.json` and `.wxml` beside it, under pages/. */
export function pagesOnDisk(files: readonly BuiltFile[]): string[] {
  const names = new Set(files.map((f) => f.file));
  return files
    .filter((f) => f.file.startsWith('pages/') && f.file.endsWith('.js'))
    .map((f) => f.file.slice(0, -'.js'.length))
    .filter((page) => names.has(`${page}.json`) && names.has(`${page}.wxml`));
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
