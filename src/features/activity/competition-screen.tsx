// /n/activity/competition/{id} (issue 25): the simulated-portfolio contest on virtual money — the contest
// (`competition_index`: rules, top of the ranking, joining), my portfolio (`competition_position`: value, return,
// holdings, daily NAV, rebalancing to target weights, T+1 with fees) and the ranking (`competition_rank`; the full
// list `?view=ranking` is `activity_rank`), names masked. docs/PRODUCT.md §7.4.
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { FigureRow, type FigureLook } from '@/components/figure-cell/figure-cell';
import { PercentText } from '@/components/percent-text/percent-text';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { CompetitionFund, CompetitionPage, CompetitionRankItem } from '@/lib/api-types/activity';
import { formatAmount } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/activity';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { ActivityHero, ActivityRules, LoginGate, Tabs } from './activity-parts';
import { errorText, getCompetition, getCompetitionFunds, getPosition, getRanking, joinCompetition, newRequestId, rebalance } from './api';

/** The investor's own figures: value, return, rank or cash. */
const MY_FIGURE: FigureLook = { row: 'act-card act-me', cell: 'act-figure', label: 'act-muted', value: 'act-figure__value' };

export type CompetitionTab = 'index' | 'position' | 'rank';
export const COMPETITION_TABS: readonly CompetitionTab[] = ['index', 'position', 'rank'];

const CODES = { index: PAGE_CODES.competitionIndex, position: PAGE_CODES.competitionPosition, rank: PAGE_CODES.competitionRank } as const;

export interface CompetitionScreenProps {
  id: string;
  tab: CompetitionTab;
  /** `ranking`: the full ranking alone (activity_rank). */
  fullRanking: boolean;
  access: { status: 'unknown' | 'loggedIn' | 'anonymous' };
}

export function CompetitionScreen({ id, tab: initial, fullRanking, access }: CompetitionScreenProps) {
  const [tab, setTab] = useState<CompetitionTab>(initial);
  const [full, setFull] = useState(fullRanking);
  usePageCode(full ? PAGE_CODES.activityRank : CODES[tab]);
  const remote = useRemote(() => getCompetition(id), [id, access.status]);
  if (remote.status === 'loading') return <SkeletonList items={4} />;
  if (remote.status === 'error') return <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />;
  const page = remote.data;
  if (full) return <FullRanking id={id} page={page} onBack={() => setFull(false)} />;
  const tabs = COMPETITION_TABS.map((key) => ({ key, label: t(`activity.comp.tab.${key}`) }));
  return (
    <View className='act-page act-comp' data-tab={tab}>
      <ActivityHero activity={page.activity}>
        <Text className='act-hero__fund'>{t('activity.comp.initial', { amount: formatAmount(page.initial) })}</Text>
        <Text className='act-muted act-hero__meta'>{t('activity.comp.lastDay', { date: page.last_day })}</Text>
      </ActivityHero>
      <Tabs tabs={tabs} active={tab} onChange={setTab} />
      {tab === 'index' ? (
        <Contest id={id} page={page} access={access} onJoined={remote.refresh} onTab={setTab} onFull={() => setFull(true)} />
      ) : null}
      {tab === 'position' ? <Portfolio id={id} page={page} access={access} onJoin={() => setTab('index')} /> : null}
      {tab === 'rank' ? <RankList id={id} onFull={() => setFull(true)} /> : null}
      <Text className='act-muted act-note'>{t('activity.comp.virtual')}</Text>
    </View>
  );
}

function Contest({
  id,
  page,
  access,
  onJoined,
  onTab,
  onFull,
}: {
  id: string;
  page: CompetitionPage;
  access: CompetitionScreenProps['access'];
  onJoined: () => Promise<void>;
  onTab: (tab: CompetitionTab) => void;
  onFull: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      const joined = await joinCompetition(id);
      showToast(t('activity.comp.joined', { amount: formatAmount(joined.cash) }), { type: 'success' });
      await onJoined();
      onTab('position');
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {access.status === 'anonymous' ? <LoginGate /> : null}
      {page.me?.joined ? (
        <FigureRow
          look={MY_FIGURE}
          figures={[
            { label: t('activity.comp.myValue'), text: formatAmount(page.me.value) },
            { label: t('activity.comp.myReturn'), percent: page.me.return_rate ?? '0.00' },
            {
              label: t('activity.comp.myRank'),
              text: page.me.rank
                ? t('activity.comp.rankOf', { rank: page.me.rank, total: page.me.total ?? 0 })
                : t('activity.comp.notRanked'),
            },
          ]}
        />
      ) : null}
      {access.status === 'loggedIn' && page.me && !page.me.joined && page.activity.phase === 'running' ? (
        <View className='act-actions'>
          <Button type='primary' block className='act-primary act-join' loading={busy} onClick={() => void join()}>
            {t('activity.comp.join')}
          </Button>
        </View>
      ) : null}
      <View className='act-card'>
        <Text className='act-card__title'>{page.final ? t('activity.comp.final') : t('activity.comp.topTitle')}</Text>
        <RankRows items={page.top} />
        {page.top.length > 0 ? (
          <Text className='act-link' onClick={onFull}>
            {t('activity.comp.fullRank')} ›
          </Text>
        ) : null}
      </View>
      <ActivityRules activity={page.activity} />
    </>
  );
}

function RankRows({ items }: { items: CompetitionRankItem[] }) {
  if (items.length === 0) return <Text className='act-muted'>{t('activity.comp.noRank')}</Text>;
  return (
    <View className='act-rank'>
      {items.map((item) => (
        <View key={`${item.rank}-${item.name}`} className={`act-rank__row${item.mine ? ' act-rank__row--mine' : ''}`} data-rank={item.rank}>
          <Text className='act-rank__no'>{item.rank}</Text>
          <Text className='act-rank__name'>
            {item.name}
            {item.mine ? ` (${t('activity.comp.me')})` : ''}
          </Text>
          <Text className='act-rank__value'>{formatAmount(item.value)}</Text>
          <PercentText value={item.return_rate} sign className='act-rank__return' />
        </View>
      ))}
    </View>
  );
}

function RankList({ id, onFull }: { id: string; onFull: () => void }) {
  const remote = useRemote(() => getRanking(id, 1, 20), [id]);
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') return <ErrorBox onRetry={remote.retry} />;
  const data = remote.data;
  return (
    <View className='act-card'>
      <Text className='act-card__title'>{data.final ? t('activity.comp.final') : t('activity.comp.topTitle')}</Text>
      {data.date ? <Text className='act-muted'>{t('activity.comp.rankDate', { date: data.date })}</Text> : null}
      <RankRows items={data.items} />
      {data.total_pages > 1 ? (
        <Text className='act-link' onClick={onFull}>
          {t('activity.comp.fullRank')} ›
        </Text>
      ) : null}
    </View>
  );
}

function FullRanking({ id, page, onBack }: { id: string; page: CompetitionPage; onBack: () => void }) {
  const [pages, setPages] = useState(1);
  const remote = useRemote(async () => {
    const all: CompetitionRankItem[] = [];
    let last = null;
    for (let p = 1; p <= pages; p += 1) {
      last = await getRanking(id, p, 50);
      all.push(...last.items);
    }
    return { items: all, last };
  }, [id, pages]);
  return (
    <View className='act-page act-full-rank'>
      <View role='heading' aria-level={1} className='act-page__title'>
        <Text>{page.final ? t('activity.comp.final') : t('activity.comp.tab.rank')}</Text>
      </View>
      <Text className='act-link' onClick={onBack}>
        ‹ {t('activity.comp.tab.index')}
      </Text>
      {remote.status === 'loading' ? <SkeletonList items={4} /> : null}
      {remote.status === 'error' ? <ErrorBox onRetry={remote.retry} /> : null}
      {remote.status === 'ready' ? (
        <View className='act-card'>
          {remote.data.last?.date ? (
            <Text className='act-muted'>{t('activity.comp.rankDate', { date: remote.data.last.date })}</Text>
          ) : null}
          <RankRows items={remote.data.items} />
          {remote.data.last && remote.data.last.current_page < remote.data.last.total_pages ? (
            <Text className='act-link' onClick={() => setPages(pages + 1)}>
              {t('activity.comp.loadMore')}
            </Text>
          ) : null}
        </View>
      ) : null}
    </View>
  );
}

interface Target {
  fund: CompetitionFund;
  weight: string;
}

/** 1250 → '12.50'. */
function bpText(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** '12.5' → 1250 basis points; null when not a percent with at most 2 decimals in (0, 100]. */
function weightBp(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

function Portfolio({
  id,
  page,
  access,
  onJoin,
}: {
  id: string;
  page: CompetitionPage;
  access: CompetitionScreenProps['access'];
  onJoin: () => void;
}) {
  const joined = page.me?.joined === true;
  const remote = useRemote(() => (joined ? getPosition(id) : Promise.resolve(null)), [id, joined]);
  const [targets, setTargets] = useState<Target[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<CompetitionFund[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (access.status === 'anonymous') return <LoginGate />;
  if (!joined)
    return (
      <EmptyBox title={t('activity.comp.notJoined')}>
        <Button type='primary' size='small' onClick={onJoin}>
          {t('activity.comp.join')}
        </Button>
      </EmptyBox>
    );
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error' || !remote.data) return <ErrorBox onRetry={remote.retry} />;
  const pos = remote.data;
  const pendingOne = pos.rebalances.find((r) => r.status === 'pending');
  // The form starts from what is pending (a newer rebalance replaces it), else from the holdings' weights now.
  const current: Target[] =
    targets ??
    (pendingOne
      ? pendingOne.weights.map((w) => ({
          fund: {
            fd_code: w.fd_code,
            fd_name: pos.positions.find((p) => p.fd_code === w.fd_code)?.fd_name ?? '',
            type_desc: '',
            risk_level: 0,
          },
          weight: w.weight,
        }))
      : pos.positions.map((p) => ({
          fund: { fd_code: p.fd_code, fd_name: p.fd_name, type_desc: '', risk_level: 0 },
          weight: p.weight,
        })));
  const used = current.reduce((s, x) => s + (weightBp(x.weight) ?? 0), 0);
  const search = async () => {
    try {
      setFound((await getCompetitionFunds(id, keyword)).items);
    } catch (e) {
      showToast(errorText(e));
    }
  };
  const submit = async () => {
    const parts = current.map((x) => ({ code: x.fund.fd_code, bp: weightBp(x.weight) }));
    if (parts.some((p) => p.bp === null) || used > 10_000) {
      setFormError(t('activity.comp.weightsInvalid'));
      return;
    }
    setBusy(true);
    try {
      const placed = await rebalance(id, parts.map((p) => `${p.code}:${p.bp}`).join(','), await newRequestId('cmp'));
      showToast(t('activity.comp.placed', { date: placed.trade_date }), { type: 'success' });
      setTargets(null);
      await remote.refresh();
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const pending = pos.rebalances.find((r) => r.status === 'pending');
  return (
    <>
      <FigureRow
        look={MY_FIGURE}
        figures={[
          { label: t('activity.comp.myValue'), text: formatAmount(pos.value) },
          { label: t('activity.comp.myReturn'), percent: pos.return_rate },
          { label: t('activity.comp.cash'), text: formatAmount(pos.cash) },
        ]}
      />
      <View className='act-card'>
        <Text className='act-card__title'>{t('activity.comp.positions')}</Text>
        {pos.positions.length === 0 ? <Text className='act-muted'>{t('activity.comp.noPositions')}</Text> : null}
        {pos.positions.map((p) => (
          <View
            key={p.fd_code}
            className='act-holding'
            data-fund={p.fd_code}
            onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: p.fd_code }))}
          >
            <View className='act-holding__main'>
              <Text className='act-holding__name'>{p.fd_name}</Text>
              <Text className='act-muted'>
                {p.fd_code} · {t('activity.comp.shares', { volume: p.volume })} · {t('activity.comp.weight', { weight: p.weight })}
              </Text>
            </View>
            <Text className='act-holding__value'>{formatAmount(p.value)}</Text>
          </View>
        ))}
      </View>
      <View className='act-card act-rebalance'>
        <Text className='act-card__title'>{t('activity.comp.rebalance')}</Text>
        {pending ? <Text className='act-muted act-pending'>{t('activity.comp.pending', { date: pending.trade_date })}</Text> : null}
        {current.map((x, i) => (
          <View key={x.fund.fd_code} className='act-target' data-fund={x.fund.fd_code}>
            <Text className='act-target__name'>
              {x.fund.fd_name} {x.fund.fd_code}
            </Text>
            <Input
              className='act-input act-target__weight'
              type='digit'
              value={x.weight}
              placeholder={t('activity.comp.targetWeight')}
              onChange={(value) => {
                setFormError(null);
                setTargets(current.map((y, j) => (j === i ? { ...y, weight: value } : y)));
              }}
            />
            <Text className='act-link' onClick={() => setTargets(current.filter((_, j) => j !== i))}>
              {t('activity.comp.remove')}
            </Text>
          </View>
        ))}
        <Text className='act-muted'>
          {t('activity.comp.cashLeft', { weight: bpText(10_000 - Math.min(used, 10_000)) })} ·{' '}
          {t('activity.comp.maxFunds', { max: page.max_funds })}
        </Text>
        <View className='act-search'>
          <Input
            className='act-input act-search__input'
            value={keyword}
            placeholder={t('activity.comp.search')}
            onChange={setKeyword}
            onConfirm={() => void search()}
          />
          <Button size='small' onClick={() => void search()}>
            {t('activity.comp.searchButton')}
          </Button>
        </View>
        {found
          .filter((f) => !current.some((x) => x.fund.fd_code === f.fd_code))
          .slice(0, 8)
          .map((f) => (
            <View key={f.fd_code} className='act-found'>
              <Text className='act-found__name'>
                {f.fd_name} {f.fd_code}
              </Text>
              <Text className='act-link' onClick={() => setTargets([...current, { fund: f, weight: '' }])}>
                {t('activity.comp.add')}
              </Text>
            </View>
          ))}
        {formError ? <Text className='act-error'>{formError}</Text> : null}
        <Button
          type='primary'
          block
          className='act-primary act-rebalance__submit'
          loading={busy}
          disabled={page.activity.phase !== 'running'}
          onClick={() => void submit()}
        >
          {t('activity.comp.submit')}
        </Button>
      </View>
      {pos.navs.length > 0 ? (
        <View className='act-card act-navs'>
          <Text className='act-card__title'>{t('activity.comp.navs')}</Text>
          {pos.navs
            .slice(-10)
            .reverse()
            .map((n) => (
              <View key={n.date} className='act-nav-row'>
                <Text className='act-muted'>{n.date}</Text>
                <Text className='act-nav-row__nav'>{n.nav}</Text>
                <Text className='act-nav-row__value'>{formatAmount(n.value)}</Text>
              </View>
            ))}
        </View>
      ) : null}
      {pos.rebalances.some((r) => r.status === 'done') ? (
        <View className='act-card act-history'>
          <Text className='act-card__title'>{t('activity.comp.history')}</Text>
          {pos.rebalances
            .filter((r) => r.status === 'done')
            .map((r) => (
              <View key={r.id} className='act-history__item'>
                <Text className='act-muted'>{r.trade_date}</Text>
                {r.trades.map((tr, i) => (
                  <Text key={i} className='act-text act-small'>
                    {t('activity.comp.tradeLine', {
                      side: tr.side === 'buy' ? t('activity.comp.buy') : t('activity.comp.sell'),
                      code: tr.fd_code,
                      volume: tr.volume,
                      amount: tr.amount,
                      fee: tr.fee,
                      nav: tr.nav,
                    })}
                  </Text>
                ))}
              </View>
            ))}
        </View>
      ) : null}
    </>
  );
}
