// H5: the browser's localStorage, read and written in Taro's format (`{"data": value}` as JSON) without Taro's
// storage API module, which is not worth a place in every first load for four one-line calls.

export function readLocal(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    const item: unknown = JSON.parse(raw);
    // Like Taro: only values written as {data} count; anything else in localStorage is not ours.
    return item !== null && typeof item === 'object' && Object.prototype.hasOwnProperty.call(item, 'data')
      ? (item as { data: unknown }).data
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeLocal(key: string, value: string): void {
  localStorage.setItem(key, JSON.stringify({ data: value }));
}

export function removeLocal(key: string): void {
  localStorage.removeItem(key);
}

export function localKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}
