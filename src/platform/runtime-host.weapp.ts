// The mini program has no origin: API_BASE_URL is fixed at build time (types/global.d.ts, config/).
declare const API_BASE_URL: string | undefined;

export function defaultApiHost(): string {
  const base = typeof API_BASE_URL === 'string' ? API_BASE_URL : '';
  return base.replace(/\/+$/, '');
}

export function isBrowserRuntime(): boolean {
  return false;
}
