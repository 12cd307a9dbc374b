import type { LoadX25519 } from './x25519-loader.types';

// The mini program ships one package up front (no lazy chunks): "eager" keeps the module in it and only delays its
// evaluation, which needs BigInt (docs/SECURITY.md "Key exchange": engines without it use the RSA exchange).
export const loadX25519: LoadX25519 = async () => {
  if (typeof BigInt !== 'function') return null;
  try {
    return await import(/* webpackMode: "eager" */ './x25519-exchange');
  } catch {
    return null;
  }
};
