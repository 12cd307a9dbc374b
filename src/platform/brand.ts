// The operator's brand as the pages see it (src/lib/brand.ts): GET /djapi/platform/brand once per visit — on H5 its
// answer is inlined in the page's HTML (server/src/plugins/page-boot.ts), so the first render after the app starts
// already has it; until it arrives (mini program) the neutral default shows.
import { useEffect, useState } from 'react';
import { DEFAULT_BRAND, brandFromWire, type Brand, type BrandWire } from '@/lib/brand';
import { get } from './http';

export const BRAND_URL = '/djapi/platform/brand';

let current: Brand = DEFAULT_BRAND;
let loading: Promise<Brand> | null = null;
const listeners = new Set<(brand: Brand) => void>();

export function currentBrand(): Brand {
  return current;
}

/** Asks once per visit; a failure keeps the default (a later call asks again). */
export function loadBrand(): Promise<Brand> {
  loading ??= get<BrandWire>(BRAND_URL, undefined, { silent: true })
    .then((wire) => {
      current = brandFromWire(wire);
      for (const listener of listeners) listener(current);
      return current;
    })
    .catch(() => {
      loading = null;
      return current;
    });
  return loading;
}

/** The brand, re-rendering when it arrives. */
export function useBrand(): Brand {
  const [brand, setBrand] = useState(current);
  useEffect(() => {
    listeners.add(setBrand);
    if (current !== brand) setBrand(current);
    void loadBrand();
    return () => {
      listeners.delete(setBrand);
    };
  }, []);
  return brand;
}

/** For tests: forget the loaded brand. */
export function resetBrandForTests(): void {
  current = DEFAULT_BRAND;
  loading = null;
}
