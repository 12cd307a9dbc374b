import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { PercentText } from '@/components/percent-text/percent-text';
import { formatAmount, formatNav } from '@/lib/format';
import { t } from '@/locales/discover';
import './discover.scss';
import type { FilterItem } from '@/lib/api-types/fund';
import { FUND_TYPES, PERIODS, getFilteredFunds, type FilterQuery, type FundType, type Period } from './api';
import { ChoiceRow, type Choice } from './choice-row';
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

export function periodChoices<P extends string>(periods: readonly P[]): Choice<P>[] {
  return periods.map((p) => ({ value: p, label: t(`discover.period.${p}`) }));
}

export interface FundRankingProps {
  /** Fixed type (rankings); absent = the user picks it (screening). */
  fixedType?: FundType;
  /** Show the size and founding-age screens. */
  screens?: boolean;
  defaultPeriod?: Period;
}

/** Funds ranked by period return from /djapi/v3/filter/fund, with type, period, size and age screens. */
export function FundRanking({ fixedType, screens = false, defaultPeriod = '1y' }: FundRankingProps) {
  const [type, setType] = useState<string>(fixedType ? String(fixedType) : 'all');
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const [sizeBand, setSizeBand] = useState<SizeBand>('any');
  const [ageBand, setAgeBand] = useState<AgeBand>('any');
  const query: FilterQuery = {
    type: type === 'all' ? undefined : (Number(type) as FundType),
    order_by: period,
    size_min: SIZE_BANDS[sizeBand][0],
    size_max: SIZE_BANDS[sizeBand][1],
    found_years_min: AGE_BANDS[ageBand][0],
    found_years_max: AGE_BANDS[ageBand][1],
  };
  const list = usePagedList<FilterItem>((page) => getFilteredFunds(query, page, PAGE_SIZE), [type, period, sizeBand, ageBand]);

  const typeChoices: Choice<string>[] = [
    { value: 'all', label: t('discover.type.all') },
    ...FUND_TYPES.map((v) => ({ value: String(v), label: t(`discover.type.${v}`) })),
  ];
  const bandChoices = <B extends string>(bands: readonly B[], prefix: string): Choice<B>[] =>
    bands.map((b) => ({ value: b, label: b === 'any' ? t('discover.filter.any') : t(`${prefix}.${b}`) }));

  return (
    <View className='discover-ranking'>
      <View className='discover-screens'>
        {fixedType ? null : (
          <ChoiceRow label={t('discover.filter.type')} choices={typeChoices} value={type} onChange={setType} testId='screen-type' />
        )}
        <ChoiceRow
          label={t('discover.filter.period')}
          choices={periodChoices(PERIODS)}
          value={period}
          onChange={setPeriod}
          testId='screen-period'
        />
        {screens ? (
          <>
            <ChoiceRow
              label={t('discover.filter.size')}
              choices={bandChoices(Object.keys(SIZE_BANDS) as SizeBand[], 'discover.filter.size')}
              value={sizeBand}
              onChange={setSizeBand}
              testId='screen-size'
            />
            <ChoiceRow
              label={t('discover.filter.age')}
              choices={bandChoices(Object.keys(AGE_BANDS) as AgeBand[], 'discover.filter.age')}
              value={ageBand}
              onChange={setAgeBand}
              testId='screen-age'
            />
          </>
        ) : null}
      </View>
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
            value={<PercentText value={item.yield} sign />}
            valueCaption={t(`discover.period.${period}`)}
            facts={[
              item.type_desc,
              t('discover.list.nav', { nav: formatNav(item.unit_nav) }),
              ...(item.total_asset ? [t('discover.list.size', { size: formatAmount(item.total_asset) })] : []),
              ...(item.found_date ? [t('discover.list.found', { date: item.found_date })] : []),
            ]}
          />
        )}
      />
    </View>
  );
}
