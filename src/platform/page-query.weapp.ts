import type { PageQuery } from './page-query.types';

// A mini program page has no address bar: its query is fixed when it opens.
export const replacePageQuery: PageQuery['replacePageQuery'] = () => undefined;
