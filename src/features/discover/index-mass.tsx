import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { Text, View } from '@tarojs/components';
import { Button, Checkbox } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/checkbox/style/css';
import { AfterFirstScreen } from '@/components/deferred-render/deferred-render';
import { ErrorBox } from '@/components/error-box/error-box';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { formatAmount, formatNav, formatPercent } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/discover';
import './discover.scss';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { TrackingFund } from '@/lib/api-types/discover';
import { getIndexCategories, getIndexFunds } from './api';
import { ChoiceRow } from './choice-row';
import { useRemote } from '@/components/use-remote/use-remote';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';

const MAX_COMPARE = 3;
/** The comparison's element id (scrolled to). */
const COMPARE_ID = 'index-mass-compare';
/** Tracking funds a phone's first screen shows at most; the rest are drawn one task later (AfterFirstScreen). */
const FIRST_SCREEN_FUNDS = 3;

/** The comparison rows: label and how each fund shows it. */
const COMPARE_ROWS: readonly { label: string; show: (f: TrackingFund) => string }[] = [
  { label: 'discover.indexMass.trackingError', show: (f) => formatPercent(f.tracking_error) },
  { label: 'discover.indexMass.annualFee', show: (f) => formatPercent(f.annual_fee) },
  { label: 'discover.indexMass.purchaseFee', show: (f) => formatPercent(f.declare_rate_discounted) },
  { label: 'discover.indexMass.size', show: (f) => formatAmount(f.total_asset) },
  { label: 'discover.indexMass.return1y', show: (f) => formatPercent(f.nav_grl1y, { sign: true }) },
  { label: 'discover.indexMass.nav', show: (f) => formatNav(f.unit_nav) },
  { label: 'discover.indexMass.founded', show: (f) => f.found_date },
];

/** Index fund picking: indices by category, the funds tracking the chosen one, and a side-by-side comparison. */
export function IndexMass() {
  const categories = useRemote(getIndexCategories, []);
  const [categoryKey, setCategoryKey] = useState('');
  const [indexCode, setIndexCode] = useState('');
  const cats = categories.data?.categories ?? [];
  const category = cats.find((c) => c.key === categoryKey) ?? cats[0];
  const index = category?.indices.find((i) => i.index_code === indexCode) ?? category?.indices[0];

  if (categories.status === 'loading') return <SkeletonList items={4} rows={2} />;
  if (categories.status === 'error') return <ErrorBox onRetry={categories.retry} />;
  if (!category || !index) return <EmptyBox />;

  return (
    <View className='index-mass'>
      <ChoiceRow
        choices={cats.map((c) => ({ value: c.key, label: t(`discover.indexMass.category.${c.key}`) }))}
        value={category.key}
        onChange={(key) => {
          setCategoryKey(key);
          setIndexCode('');
        }}
        testId='index-mass-categories'
      />
      <View className='index-mass__indices' data-testid='index-mass-indices'>
        {category.indices.map((i) => (
          <View
            key={i.index_code}
            className={`index-mass__index${i.index_code === index.index_code ? ' index-mass__index--active' : ''}`}
            data-testid='index-mass-index'
            data-code={i.index_code}
            onClick={() => setIndexCode(i.index_code)}
          >
            <Text className='index-mass__index-name'>{i.name}</Text>
            <Text className='index-mass__index-fact'>{t('discover.indexMass.fundCount', { count: i.fund_count })}</Text>
            <View className='index-mass__index-fact'>
              <Text>{t('discover.indexMass.percent1y')}</Text>
              <PercentText value={i.percent_1y} sign />
            </View>
            {i.pe_percentile ? (
              <Text className='index-mass__index-fact'>
                {t('discover.indexMass.pePercentile', { value: formatPercent(i.pe_percentile, { ratio: true }) })}
              </Text>
            ) : null}
          </View>
        ))}
      </View>
      <IndexFundsPanel key={index.index_code} indexCode={index.index_code} indexName={index.name} />
      <RiskDisclosure />
    </View>
  );
}

function IndexFundsPanel({ indexCode, indexName }: { indexCode: string; indexName: string }) {
  const funds = useRemote(() => getIndexFunds(indexCode), [indexCode]);
  const [picked, setPicked] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  useEffect(() => {
    if (picked.length < 2) setComparing(false);
  }, [picked]);
  // The comparison is drawn below the list, out of sight on a phone: 对比 brings it into view.
  useEffect(() => {
    if (comparing) void Taro.pageScrollTo({ selector: `#${COMPARE_ID}`, duration: 300 }).catch(() => undefined);
  }, [comparing]);

  if (funds.status === 'loading') return <SkeletonList items={3} rows={3} />;
  if (funds.status === 'error' || !funds.data) return <ErrorBox onRetry={funds.retry} />;
  const list = funds.data.funds;
  const toggle = (code: string, on: boolean) => {
    if (on && !picked.includes(code) && picked.length >= MAX_COMPARE) {
      showToast(t('discover.indexMass.compareLimit'));
      return;
    }
    setPicked((cur) => (on ? [...cur.filter((c) => c !== code), code] : cur.filter((c) => c !== code)));
  };
  const compared = picked.map((code) => list.find((f) => f.fd_code === code)).filter((f): f is TrackingFund => !!f);
  const fundRow = (f: TrackingFund) => (
    <View key={f.fd_code} className='index-mass__fund' data-testid='index-mass-fund' data-code={f.fd_code}>
      <Checkbox
        className='index-mass__pick'
        checked={picked.includes(f.fd_code)}
        onChange={(on) => toggle(f.fd_code, on)}
        aria-label={t('discover.indexMass.select', { name: f.fd_name })}
      />
      <View className='index-mass__fund-main' onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: f.fd_code }))}>
        <Text className='discover-fund__name'>{f.fd_name}</Text>
        <View className='discover-fund__facts'>
          <Text className='discover-fund__code'>{f.fd_code}</Text>
          <Text className='discover-fund__fact'>{`${t('discover.indexMass.annualFee')} ${formatPercent(f.annual_fee)}`}</Text>
          <Text className='discover-fund__fact'>{`${t('discover.indexMass.purchaseFee')} ${formatPercent(f.declare_rate_discounted)}`}</Text>
          <Text className='discover-fund__fact'>{`${t('discover.indexMass.size')} ${formatAmount(f.total_asset)}`}</Text>
        </View>
      </View>
      <View className='discover-fund__value'>
        <Text className='index-mass__te' data-testid='tracking-error'>
          {formatPercent(f.tracking_error)}
        </Text>
        <Text className='discover-fund__caption'>{t('discover.indexMass.trackingError')}</Text>
      </View>
    </View>
  );

  return (
    <View className='index-mass__funds' data-testid='index-mass-funds'>
      <Text className='discover-section-title'>{t('discover.indexMass.funds', { name: indexName })}</Text>
      <Text className='discover-note'>{t('discover.indexMass.trackingNote')}</Text>
      {list.length === 0 ? <EmptyBox /> : null}
      {list.slice(0, FIRST_SCREEN_FUNDS).map(fundRow)}
      <AfterFirstScreen>{list.slice(FIRST_SCREEN_FUNDS).map(fundRow)}</AfterFirstScreen>
      <View className='index-mass__bar'>
        <Text className='discover-note'>{t('discover.indexMass.compareHint')}</Text>
        <Button size='small' fill='none' disabled={picked.length === 0} onClick={() => setPicked([])}>
          {t('discover.indexMass.clear')}
        </Button>
        <Button
          size='small'
          type='primary'
          disabled={picked.length < 2}
          onClick={() => setComparing(true)}
          data-testid='index-mass-compare'
        >
          {t('discover.indexMass.compare', { count: picked.length })}
        </Button>
      </View>
      {comparing && compared.length >= 2 ? (
        <View id={COMPARE_ID} className='index-mass__compare' data-testid='index-mass-compare-table'>
          <Text className='discover-section-title'>{t('discover.indexMass.compareTitle')}</Text>
          <View className='compare-row compare-row--head'>
            <Text className='compare-row__label' />
            {compared.map((f) => (
              <Text key={f.fd_code} className='compare-row__cell'>
                {f.fd_name}
              </Text>
            ))}
          </View>
          {COMPARE_ROWS.map((row) => (
            <View key={row.label} className='compare-row'>
              <Text className='compare-row__label'>{t(row.label)}</Text>
              {compared.map((f) => (
                <Text key={f.fd_code} className='compare-row__cell'>
                  {row.show(f)}
                </Text>
              ))}
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}
