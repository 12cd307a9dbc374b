import { useEffect } from 'react';
import { trackPage, type PageCode } from './analytics';

/** Records the page view under its analytics code once, when the page mounts. */
export function usePageCode(code: PageCode): void {
  useEffect(() => {
    trackPage(code);
  }, [code]);
}
