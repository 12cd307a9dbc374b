import type { LoadX25519 } from './x25519-loader.types';

// A chunk of its own (@noble/curves is ES2020 with BigInt, shipped as written): a browser that cannot parse or run it
// only fails this import, and registers with the RSA exchange instead (docs/SECURITY.md "Key exchange").
export const loadX25519: LoadX25519 = async () => {
  if (typeof BigInt !== 'function') return null;
  try {
    return await import(/* webpackChunkName: "lib-x25519" */ './x25519-exchange');
  } catch {
    return null;
  }
};
