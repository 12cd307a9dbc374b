import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { PercentText } from '@/components/percent-text/percent-text';
import { formatPercent, fundTypeName } from '@/lib/format';
import { t } from '@/locales/discover';
import './discover.scss';
import type { AutoInvestItem, AutoInvestPeriod } from '@/lib/api-types/discover';
import { AUTO_INVEST_PERIODS, FUND_TYPES, getAutoInvestRanking, type FundType } from './api';
import { type Choice } from './choice-row';
import { FilterBar } from './filter-bar';
import { FundRow, InfiniteList } from './fund-list';
import { PAGE_SIZE, periodChoices } from './fund-screen';
import { usePagedList } from '@/components/use-remote/use-paged-list';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';

const AUTO_INVEST_TYPES = FUND_TYPES.filter((v) => v !== 4);

/**
 * Funds ranked by the return of a simulated monthly plan over 1/2/3/5 years (server-computed from NAVs); type and
 * period in one row of tabs, as screening has them.
 */
export function AutoInvestRanking() {
  const [period, setPeriod] = useState<AutoInvestPeriod>('1y');
  const [type, setType] = useState<string>('all');
  const [rule, setRule] = useState<{ amount: string; months: number; from: string; to: string } | null>(null);
  const list = usePagedList<AutoInvestItem>(
    async (page) => {
      const data = await getAutoInvestRanking(period, type === 'all' ? undefined : (Number(type) as FundType), page, PAGE_SIZE);
      setRule({ amount: data.monthly_amount, months: data.months, from: data.first_buy_date ?? data.start_date, to: data.end_date });
      return data;
    },
    [period, type],
  );
  const typeChoices: Choice<string>[] = [
    { value: 'all', label: t('discover.type.all') },
    ...AUTO_INVEST_TYPES.map((v) => ({ value: String(v), label: t(`discover.type.${v}`) })),
  ];

  return (
    <View className='discover-ranking'>
      {/* One row of tabs, as screening has (the type's seven chips wrapped onto a second row at 390 px). */}
      <FilterBar<'type' | 'period'>
        groups={[
          { key: 'type', label: t('discover.filter.type'), choices: typeChoices, value: type, isSet: type !== 'all' },
          {
            key: 'period',
            label: t('discover.filter.period'),
            choices: periodChoices(AUTO_INVEST_PERIODS),
            value: period,
            isSet: true,
          },
        ]}
        onChange={(key, value) => (key === 'type' ? setType(value) : setPeriod(value as AutoInvestPeriod))}
      />
      {rule ? (
        <Text className='discover-note' data-testid='auto-invest-rule'>
          {t('discover.rank.autoInvest.rule', rule)}
        </Text>
      ) : null}
      <RiskDisclosure />
      <InfiniteList
        list={list}
        renderItem={(item, index) => (
          <FundRow
            key={item.fd_code}
            rank={index + 1}
            code={item.fd_code}
            name={item.fd_name}
            value={<PercentText value={item.auto_invest_return} sign />}
            valueCaption={t('discover.rank.autoInvest.byPeriod', { period: t(`discover.period.${period}`) })}
            facts={[
              fundTypeName(item.type_desc),
              t('discover.rank.autoInvest.value', { invested: item.invested_amount, value: item.final_value }),
              t('discover.rank.autoInvest.lumpSum', { value: formatPercent(item.lump_sum_return, { sign: true }) }),
            ]}
          />
        )}
      />
    </View>
  );
}
