// The mini program has no sessionStorage: a module-level map lives exactly as long as one launch.
const memory = new Map<string, string>();

export function getSessionItem(key: string): string | null {
  return memory.get(key) ?? null;
}

export function setSessionItem(key: string, value: string): void {
  memory.set(key, value);
}

export function removeSessionItem(key: string): void {
  memory.delete(key);
}

export function clearSession(): void {
  memory.clear();
}
