// The fund page's record calls, asked only when the investor opens a record section (never on the first screen):
// the NAV history (Danjuan's /djapi/fund/nav/history/{code}?page&size) and the dividends.
import type { DividendPage, NavHistoryPage } from '@/lib/api-types/fund';
import { get } from '@/platform/http';
import { MalformedAnswerError } from './api';

const quiet = { silent: true } as const;

/** Rows per page of the NAV history and dividend tables. */
export const RECORD_PAGE_SIZE = 10;

function paged<T extends { items: unknown; total_pages: unknown }>(what: string): (data: T) => T {
  return (data) => {
    if (!data || !Array.isArray(data.items) || typeof data.total_pages !== 'number') throw new MalformedAnswerError(what);
    return data;
  };
}

export const getNavHistory = (code: string, page: number, size = RECORD_PAGE_SIZE) =>
  get<NavHistoryPage>(`/djapi/fund/nav/history/${code}`, { page, size }, quiet).then(paged<NavHistoryPage>('nav history'));

export const getDividends = (code: string, page: number, size = RECORD_PAGE_SIZE) =>
  get<DividendPage>(`/djapi/fund/dividend/${code}`, { page, size }, quiet).then(paged<DividendPage>('dividends'));
