import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/platform/http';
import type { Achievement, FundDetail, FundSummary, GrowthData, ManagerItem, TradeDates } from '@/lib/api-types/fund';
import {
  getAchievement, getFundDetail, getFundGrowth, getFundSummary, getManagers, getTradeDates, type GrowthPeriod,
} from './api';

/** 404001: the server knows no fund with that code. */
export const FUND_NOT_FOUND_CODE = 404001;

export interface FundDetailData {
  summary: FundSummary;
  /** Secondary parts: null when their call failed (the section offers a retry). */
  detail: FundDetail | null;
  achievement: Achievement | null;
  tradeDates: TradeDates | null;
  managers: ManagerItem[] | null;
}

export type FundDetailState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; data: FundDetailData };

const orNull = <T,>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** Everything of the detail page but the chart, in parallel; `reload` refetches (pull-to-refresh, retry). */
export function useFundDetail(code: string): { state: FundDetailState; reload: () => Promise<void> } {
  const [state, setState] = useState<FundDetailState>({ status: 'loading' });
  const ticket = useRef(0);

  const reload = useCallback(async () => {
    const mine = (ticket.current += 1);
    const [summary, detail, achievement, tradeDates, managers] = await Promise.allSettled([
      getFundSummary(code),
      orNull(getFundDetail(code)),
      orNull(getAchievement(code)),
      orNull(getTradeDates(code)),
      orNull(getManagers(code).then((d) => d.items)),
    ]);
    if (mine !== ticket.current) return;
    if (summary.status === 'rejected') {
      const notFound = summary.reason instanceof ApiError && summary.reason.resultCode === FUND_NOT_FOUND_CODE;
      setState({ status: notFound ? 'notFound' : 'error' });
      return;
    }
    const value = <T,>(r: PromiseSettledResult<T | null>): T | null => (r.status === 'fulfilled' ? r.value : null);
    setState({
      status: 'ready',
      data: { summary: summary.value, detail: value(detail), achievement: value(achievement), tradeDates: value(tradeDates), managers: value(managers) },
    });
  }, [code]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload };
}

export type GrowthState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: GrowthData };

/** The growth line of one period; switching period shows the last line until the new one arrives. */
export function useFundGrowth(code: string, period: GrowthPeriod, refreshKey: number) {
  const [state, setState] = useState<GrowthState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    getFundGrowth(code, period).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [code, period, refreshKey, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
