// H5: the browser's sessionStorage; private modes that refuse storage degrade to "nothing stored".

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function getSessionItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function setSessionItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: session values are conveniences, never the only copy of anything.
  }
}

export function removeSessionItem(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // see setSessionItem
  }
}

export function clearSession(): void {
  try {
    store()?.clear();
  } catch {
    // see setSessionItem
  }
}
