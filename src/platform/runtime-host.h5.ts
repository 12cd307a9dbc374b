// H5 is served by the API server itself: API paths go to the same origin.
export function defaultApiHost(): string {
  return '';
}

export function isBrowserRuntime(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}
