import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { PercentText } from '@/components/percent-text/percent-text';
import { formatAmount, formatNav, fundTypeName } from '@/lib/format';
import { t } from '@/locales/discover';
import './discover.scss';
import type { FilterItem } from '@/lib/api-types/fund';
import { replacePageQuery } from '@/platform/page-query';
import { FUND_TYPES, MONEY_MARKET, PERIODS, getFilteredFunds, type FilterOrder, type FilterQuery, type FundType, type Period } from './api';
import { type Choice } from './choice-row';
import { FilterBar, type FilterGroup } from './filter-bar';
import { FundRow, InfiniteList } from './fund-list';
import { usePagedList } from '@/components/use-remote/use-paged-list';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';

export const PAGE_SIZE = 20;

/** Size bands in 亿元 and founding-age bands in years: [min, max] (undefined = open). */
const SIZE_BANDS = {
  any: [undefined, undefined],
  lt2: [undefined, 2],
  '2to10': [2, 10],
  '10to50': [10, 50],
  gt50: [50, undefined],
} as const;
const AGE_BANDS = { any: [undefined, undefined], lt1: [undefined, 1], '1to3': [1, 3], '3to5': [3, 5], gt5: [5, undefined] } as const;
type SizeBand = keyof typeof SIZE_BANDS;
type AgeBand = keyof typeof AGE_BANDS;

/** Money-market funds are ranked by their 7-day annualised yield (七日年化), as Danjuan and Tiantian do. */
const MONEY_ORDERS = ['7d', ...PERIODS] as const satisfies readonly FilterOrder[];

export function periodChoices<P extends string>(periods: readonly P[]): Choice<P>[] {
  return periods.map((p) => ({ value: p, label: t(`discover.period.${p}`) }));
}

/** The screens of a ranking, as kept in the page's address (`?type=4&period=7d&size=gt50&age=3to5`). */
export interface RankingScreens {
  type: string;
  period: FilterOrder;
  size: SizeBand;
  age: AgeBand;
}

const has = <K extends string>(keys: readonly K[], value: string | undefined): value is K =>
  value !== undefined && (keys as readonly string[]).includes(value);

/**
 * The screens from the address: each parameter that is not a known value is ignored (its default used), so an
 * edited or old link never breaks the page. `fixedType` (rankings) wins over the address's type.
 */
export function screensFromQuery(
  query: Record<string, string | undefined>,
  defaults: { fixedType?: FundType; period: Period },
): RankingScreens {
  const types = FUND_TYPES.map(String);
  const type = defaults.fixedType ? String(defaults.fixedType) : has(types, query.type) ? query.type : 'all';
  const money = type === String(MONEY_MARKET);
  const orders: readonly FilterOrder[] = money ? MONEY_ORDERS : PERIODS;
  return {
    type,
    period: has(orders, query.period) ? query.period : money ? '7d' : defaults.period,
    size: has(Object.keys(SIZE_BANDS) as SizeBand[], query.size) ? query.size : 'any',
    age: has(Object.keys(AGE_BANDS) as AgeBand[], query.age) ? query.age : 'any',
  };
}

type Group = 'type' | 'period' | 'size' | 'age';

export interface FundRankingProps {
  /** Fixed type (rankings); absent = the user picks it (screening). */
  fixedType?: FundType;
  /** Show the size and founding-age screens. */
  screens?: boolean;
  defaultPeriod?: Period;
  /** The page's query parameters: the screens start from them and are written back as they change. */
  query?: Record<string, string | undefined>;
}

/**
 * Funds ranked by period return from /djapi/v3/filter/fund (money-market funds by 7-day yield), with type,
 * period, size and age screens, in one row of tabs (FilterBar).
 */
export function FundRanking({ fixedType, screens = false, defaultPeriod = '1y', query = {} }: FundRankingProps) {
  const [state, setState] = useState<RankingScreens>(() => screensFromQuery(query, { fixedType, period: defaultPeriod }));
  const { type, period, size: sizeBand, age: ageBand } = state;
  const money = type === String(MONEY_MARKET);
  const filter: FilterQuery = {
    type: type === 'all' ? undefined : (Number(type) as FundType),
    order_by: period,
    size_min: SIZE_BANDS[sizeBand][0],
    size_max: SIZE_BANDS[sizeBand][1],
    found_years_min: AGE_BANDS[ageBand][0],
    found_years_max: AGE_BANDS[ageBand][1],
  };
  const list = usePagedList<FilterItem>((page) => getFilteredFunds(filter, page, PAGE_SIZE), [type, period, sizeBand, ageBand]);

  const change = (next: Partial<RankingScreens>) => {
    const merged = { ...state, ...next };
    // Into and out of money-market funds: their own default order (7-day yield), and back.
    if (next.type !== undefined && next.type !== state.type) {
      const toMoney = next.type === String(MONEY_MARKET);
      if (toMoney && (state.type === 'all' || !has(MONEY_ORDERS, merged.period) || merged.period === defaultPeriod)) merged.period = '7d';
      if (!toMoney && merged.period === '7d') merged.period = defaultPeriod;
    }
    setState(merged);
    replacePageQuery({
      type: fixedType || merged.type === 'all' ? undefined : merged.type,
      period: merged.period === (merged.type === String(MONEY_MARKET) ? '7d' : defaultPeriod) ? undefined : merged.period,
      size: merged.size === 'any' ? undefined : merged.size,
      age: merged.age === 'any' ? undefined : merged.age,
    });
  };

  const typeChoices: Choice<string>[] = [
    { value: 'all', label: t('discover.type.all') },
    ...FUND_TYPES.map((v) => ({ value: String(v), label: t(`discover.type.${v}`) })),
  ];
  const bandChoices = <B extends string>(bands: readonly B[], prefix: string): Choice<B>[] =>
    bands.map((b) => ({ value: b, label: b === 'any' ? t('discover.filter.any') : t(`${prefix}.${b}`) }));
  const groups: FilterGroup<Group>[] = [
    ...(fixedType
      ? []
      : [{ key: 'type' as const, label: t('discover.filter.type'), choices: typeChoices, value: type, isSet: type !== 'all' }]),
    {
      key: 'period',
      label: t('discover.filter.period'),
      choices: periodChoices<string>(money ? MONEY_ORDERS : PERIODS),
      value: period,
      isSet: true,
    },
    ...(screens
      ? [
          {
            key: 'size' as const,
            label: t('discover.filter.size'),
            choices: bandChoices(Object.keys(SIZE_BANDS) as SizeBand[], 'discover.filter.size'),
            value: sizeBand,
            isSet: sizeBand !== 'any',
          },
          {
            key: 'age' as const,
            label: t('discover.filter.age'),
            choices: bandChoices(Object.keys(AGE_BANDS) as AgeBand[], 'discover.filter.age'),
            value: ageBand,
            isSet: ageBand !== 'any',
          },
        ]
      : []),
  ];

  return (
    <View className='discover-ranking'>
      <FilterBar groups={groups} onChange={(key, value) => change({ [key]: value } as Partial<RankingScreens>)} />
      <InfiniteList
        list={list}
        emptyText={t('discover.filter.noMatch')}
        header={
          <>
            <Text className='discover-count' data-testid='discover-count'>
              {t('discover.filter.count', { count: list.total })}
            </Text>
            <RiskDisclosure />
          </>
        }
        renderItem={(item, index) => (
          <FundRow
            key={item.fd_code}
            rank={index + 1}
            code={item.fd_code}
            name={item.fd_name}
            value={period === '7d' ? <PercentText value={item.yield_7d ?? item.yield} /> : <PercentText value={item.yield} sign />}
            valueCaption={t(`discover.period.${period}`)}
            facts={[
              fundTypeName(item.type_desc),
              item.sf_type === String(MONEY_MARKET) && item.income_per_10k != null
                ? t('discover.list.income10k', { value: formatNav(item.income_per_10k) })
                : t('discover.list.nav', { nav: formatNav(item.unit_nav) }),
              ...(item.total_asset ? [t('discover.list.size', { size: formatAmount(item.total_asset) })] : []),
              ...(item.found_date ? [t('discover.list.found', { date: item.found_date })] : []),
            ]}
          />
        )}
      />
    </View>
  );
}
