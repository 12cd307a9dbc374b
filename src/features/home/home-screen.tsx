import { useEffect } from 'react';
import { Text, View } from '@tarojs/components';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { useRemote } from '@/components/use-remote/use-remote';
import { fundTypeName } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/home';
import { PAGE_CODES, trackPage, type PageCode } from '@/platform/analytics';
import { navigateToSpecUrl } from '@/platform/navigation';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { getRankedFunds, getValuationSummary } from './api';
import { HomeBanners } from './home-banners';
import { ELDER_HOME_ENTRIES, ELDER_RANKED_COUNT, HOME_ENTRIES, RANKED_COUNT } from './home-content';
import { customerServiceHref } from '@/components/header/header-rules';
import { useElderMode } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import './home.scss';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';
import { useExposure } from '@/components/use-exposure/use-exposure';

const go = (url: string) => void navigateToSpecUrl(url);

/**
 * While home's data loads, its rows are drawn in their real layout with blank text (a grey bar in each line), so
 * the card keeps the height it will have: nothing below it moves when the data fills in.
 */
function Ghost({ className = '' }: { className?: string }) {
  return <Text className={`home__ghost ${className}`}>{'\u00a0'}</Text>;
}

function RankedGhosts() {
  return (
    <View role='status' aria-busy='true' aria-label={t('components.loading')}>
      {Array.from({ length: RANKED_COUNT }, (_, i) => (
        <View key={i} className='home__fund'>
          <View className='home__fund-name'>
            <Ghost className='home__ghost--name' />
            <Ghost className='home__fund-code home__ghost--code' />
          </View>
          <View className='home__fund-yield'>
            <Ghost className='home__ghost--yield' />
            <Ghost className='home__fund-code home__ghost--code' />
          </View>
        </View>
      ))}
    </View>
  );
}

function ValuationGhosts() {
  return (
    <View role='status' aria-busy='true' aria-label={t('components.loading')}>
      <View className='home__eva'>
        {(['low', 'mid', 'high'] as const).map((k) => (
          <View key={k} className='home__eva-cell home__eva-cell--ghost'>
            <Ghost className='home__eva-count home__ghost--count' />
            <Ghost className='home__ghost--label' />
          </View>
        ))}
      </View>
      <Ghost className='home__fund-code home__ghost--date' />
    </View>
  );
}

function RankedFunds({ elder = false }: { elder?: boolean }) {
  // On H5 the first answer is usually inlined in the page (boot data): the http client hands it over at once.
  const state = useRemote(() => getRankedFunds(RANKED_COUNT), []);
  // Elder mode lists fewer (the same answer, cut short), under a title in plain words.
  const funds = state.status === 'ready' ? state.data.slice(0, elder ? ELDER_RANKED_COUNT : RANKED_COUNT) : [];
  const exposureId = useExposure('home_ranked_funds', { enabled: state.status === 'ready' });
  return (
    <View className='home__card' id={exposureId} data-testid='home-ranked'>
      <View className='home__card-head'>
        <Text className='home__card-title'>{elder ? t('home.elder.fundsTitle') : t('home.ranked.title')}</Text>
        <View className='home__more' {...roleProps('link')} onClick={() => go(specUrl('fundFilter'))}>
          {t('home.ranked.more')}
        </View>
      </View>
      {state.status === 'loading' && <RankedGhosts />}
      {state.status === 'error' && <ErrorBox onRetry={state.retry} />}
      {state.status === 'ready' &&
        funds.map((f) => (
          <View
            key={f.fd_code}
            className='home__fund'
            data-testid='home-fund'
            {...roleProps('link')}
            onClick={() => go(specUrl('fundDetail', { fundcode: f.fd_code }))}
          >
            <View className='home__fund-name'>
              <Text>{f.fd_name}</Text>
              <Text className='home__fund-code'>
                {f.fd_code} · {fundTypeName(f.type_desc)}
              </Text>
            </View>
            <View className='home__fund-yield'>
              <PercentText value={f.yield} sign />
              <Text className='home__fund-code'>{elder ? t('home.elder.fundsYield') : t('home.ranked.yield')}</Text>
            </View>
          </View>
        ))}
    </View>
  );
}

function Valuation() {
  const state = useRemote(getValuationSummary, []);
  return (
    <View className='home__card' data-testid='home-valuation'>
      <View className='home__card-head'>
        <Text className='home__card-title'>{t('home.valuation.title')}</Text>
        <View className='home__more' {...roleProps('link')} onClick={() => go(specUrl('valueCenter'))}>
          {t('home.valuation.more')}
        </View>
      </View>
      {state.status === 'loading' && <ValuationGhosts />}
      {state.status === 'error' && <ErrorBox onRetry={state.retry} />}
      {state.status === 'ready' && (
        <>
          <View className='home__eva' onClick={() => go(specUrl('valueCenter'))}>
            {(['low', 'mid', 'high'] as const).map((k) => (
              <View key={k} className={`home__eva-cell home__eva-cell--${k}`} data-testid={`eva-${k}`}>
                <Text className='home__eva-count'>{t('home.valuation.count', { n: state.data[k] })}</Text>
                <Text>{t(`home.valuation.${k}`)}</Text>
              </View>
            ))}
          </View>
          {state.data.date && <Text className='home__fund-code'>{t('home.valuation.date', { date: state.data.date })}</Text>}
        </>
      )}
    </View>
  );
}

/** An elder entry: my money inside a native app is its my-money tab (docs/BRIDGE.md); else our pages. */
function openElderEntry(route: (typeof ELDER_HOME_ENTRIES)[number]['route']): void {
  if (route === 'myMoney' && openInsteadInNativeApp('myMoneyTab')) return;
  go(route === 'customerService' ? customerServiceHref(specUrl('home')) : specUrl(route));
}

/** Elder mode's entries (关怀版): one per row, large, each with a line in plain words saying what it is for. */
function ElderEntries() {
  return (
    <View className='home__elder-entries' data-testid='home-elder-entries'>
      {ELDER_HOME_ENTRIES.map((e) => (
        <View
          key={e.route}
          className='home__elder-entry'
          {...roleProps('link')}
          data-testid={`elder-entry-${e.route}`}
          onClick={() => openElderEntry(e.route)}
        >
          <Text className='home__elder-label'>{t(e.label)}</Text>
          <Text className='home__elder-hint'>{t(e.hint)}</Text>
        </View>
      ))}
    </View>
  );
}

/**
 * The home page below the search box: entries, remote-config banner and marquee, ranked funds, valuation. In elder
 * mode (关怀版) fewer things: my money, 现金宝 and customer service, a short fund list, the disclosures.
 */
export function HomeScreen({ pageCode = PAGE_CODES.home, elder: elderProp }: { pageCode?: PageCode; elder?: boolean }) {
  useEffect(() => {
    trackPage(pageCode);
  }, [pageCode]);
  const elderMode = useElderMode();
  const elder = elderProp ?? elderMode;
  if (elder) {
    return (
      <View className='home home--elder' data-testid='home-elder'>
        <ElderEntries />
        <RankedFunds elder />
        <RiskDisclosure />
      </View>
    );
  }
  // The entries to the product's activities and zones (pension, 现金宝, auto-invest, …): one exposure when seen.
  const entriesId = useExposure('home_entries');
  return (
    <View className='home'>
      <View className='home__entries' id={entriesId}>
        {HOME_ENTRIES.map((e) => (
          <View
            key={e.route}
            className='home__entry'
            {...roleProps('link')}
            data-testid={`entry-${e.route}`}
            onClick={() => go(specUrl(e.route))}
          >
            <Text className='home__entry-glyph' aria-hidden='true'>
              {t(e.glyph)}
            </Text>
            <Text className='home__entry-label'>{t(e.label)}</Text>
          </View>
        ))}
      </View>
      <HomeBanners />
      <RankedFunds />
      <Valuation />
      <RiskDisclosure />
    </View>
  );
}
