// /n/activity/LSD-product/main (issue 25): the lump-sum product — the landing (`landing`), the brochure (`brochure`),
// the booking (`lsd_book`) and the running activities (`promotion`), one view each by `?view=`. A booking is made
// before the raising starts, with the trade password; on the first raising day the server places it as a
// subscription (认购 at 1.00). docs/PRODUCT.md §7.4.
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { useRemote } from '@/components/use-remote/use-remote';
import type { FeeLine, LumpSumBooking, LumpSumPage } from '@/lib/api-types/activity';
import { parseAmountInput } from '@/lib/money';
import { specUrl } from '@/lib/routes';
import { formatAmount } from '@/lib/format';
import { t } from '@/locales/activity';
import { confirm, showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { ActivityHero, ActivityRules, LoginGate, Tabs, shanghaiDay, textOf } from './activity-parts';
import { bookLumpSum, cancelBooking, encryptTradePassword, errorText, getActivities, getLumpSum, newRequestId, resultCodeOf } from './api';

export type LumpSumView = 'landing' | 'brochure' | 'book' | 'promotion';
export const LUMP_SUM_VIEWS: readonly LumpSumView[] = ['landing', 'brochure', 'book', 'promotion'];

const CODES = {
  landing: PAGE_CODES.landing,
  brochure: PAGE_CODES.brochure,
  book: PAGE_CODES.lumpSumBook,
  promotion: PAGE_CODES.promotion,
} as const;

const RISK_CONFIRM_REQUIRED = 410003;
const WRONG_PASSWORD = 400051;

export interface LumpSumScreenProps {
  id?: string;
  view: LumpSumView;
  access: { status: 'unknown' | 'loggedIn' | 'anonymous'; openTrade: boolean };
}

export function LumpSumScreen({ id, view: initial, access }: LumpSumScreenProps) {
  const [view, setView] = useState<LumpSumView>(initial);
  usePageCode(CODES[view]);
  if (view === 'promotion') return <PromotionList />;
  return <LumpSum id={id} view={view} onView={setView} access={access} />;
}

/** The running activities, the operator's order first (promotion). */
export function PromotionList() {
  const remote = useRemote(() => getActivities(), []);
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') return <ErrorBox onRetry={remote.retry} />;
  if (remote.data.items.length === 0) return <EmptyBox title={t('activity.empty')} />;
  return (
    <View className='act-page act-promotion'>
      <View role='heading' aria-level={1} className='act-page__title'>
        <Text>{t('activity.title.promotion')}</Text>
      </View>
      {remote.data.items.map((a) => (
        <View key={a.id} className='act-card act-promo' data-activity={a.id} onClick={() => void navigateToSpecUrl(a.url)}>
          <Text className='act-promo__kind'>{t(`activity.kind.${a.kind}`)}</Text>
          <Text className='act-promo__title'>{textOf(a.title, a.title_en)}</Text>
          {a.subtitle ? <Text className='act-text act-promo__subtitle'>{textOf(a.subtitle, a.subtitle_en)}</Text> : null}
          <Text className='act-muted'>
            {t('activity.participants', { n: a.participants })} · {t(`activity.phase.${a.phase}`)}
          </Text>
          <Text className='act-link'>{t('activity.go')} ›</Text>
        </View>
      ))}
    </View>
  );
}

function LumpSum({
  id,
  view,
  onView,
  access,
}: {
  id?: string;
  view: Exclude<LumpSumView, 'promotion'>;
  onView: (v: LumpSumView) => void;
  access: LumpSumScreenProps['access'];
}) {
  const remote = useRemote(() => getLumpSum(id), [id, access.status]);
  if (remote.status === 'loading') return <SkeletonList items={4} />;
  if (remote.status === 'error') return <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />;
  const page = remote.data;
  const tabs = [
    { key: 'landing' as const, label: t('activity.lsd.tab.landing') },
    { key: 'brochure' as const, label: t('activity.lsd.tab.brochure') },
    { key: 'book' as const, label: t('activity.lsd.tab.book') },
  ];
  return (
    <View className='act-page act-lsd' data-view={view}>
      <ActivityHero activity={page.activity}>
        <Text className='act-hero__fund'>
          {page.fund.fd_name} · {page.fund.fd_code}
        </Text>
        <RaisingLine page={page} />
      </ActivityHero>
      <Tabs tabs={tabs} active={view} onChange={onView} />
      {view === 'landing' ? <Landing page={page} onView={onView} /> : null}
      {view === 'brochure' ? <Brochure page={page} /> : null}
      {view === 'book' ? <Book page={page} access={access} onChanged={remote.refresh} /> : null}
      <Text className='act-link act-more' onClick={() => onView('promotion')}>
        {t('activity.more')} ›
      </Text>
    </View>
  );
}

function RaisingLine({ page }: { page: LumpSumPage }) {
  const { raising } = page;
  const text =
    raising.phase === 'booking' ? t('activity.lsd.phase.booking', { date: raising.start ?? '' }) : t(`activity.lsd.phase.${raising.phase}`);
  return (
    <View className='act-raising' data-phase={raising.phase}>
      <Text className='act-raising__phase'>{text}</Text>
      {raising.start ? (
        <Text className='act-muted'>{t('activity.lsd.raising', { start: raising.start, end: raising.end ?? '' })}</Text>
      ) : null}
      <Text className='act-muted'>{t('activity.lsd.found', { date: raising.found_date })}</Text>
    </View>
  );
}

function Landing({ page, onView }: { page: LumpSumPage; onView: (v: LumpSumView) => void }) {
  const { raising } = page;
  return (
    <>
      {page.highlights.length > 0 ? (
        <View className='act-card act-highlights'>
          <Text className='act-card__title'>{t('activity.lsd.highlights')}</Text>
          {page.highlights.map((h, i) => (
            <Text key={i} className='act-text act-highlights__item'>
              ✓ {textOf(h.text, h.text_en)}
            </Text>
          ))}
        </View>
      ) : null}
      <View className='act-actions'>
        {raising.phase === 'booking' ? (
          <Button type='primary' block className='act-primary' onClick={() => onView('book')}>
            {t('activity.lsd.bookNow')}
          </Button>
        ) : null}
        {raising.phase === 'raising' ? (
          <Button
            type='primary'
            block
            className='act-primary'
            onClick={() => void navigateToSpecUrl(specUrl('buy', { fundcode: page.fund.fd_code }))}
          >
            {t('activity.lsd.subscribeNow')}
          </Button>
        ) : null}
        <Button block className='act-secondary' onClick={() => onView('brochure')}>
          {t('activity.lsd.readBrochure')}
        </Button>
      </View>
      <ActivityRules activity={page.activity} />
    </>
  );
}

function feeRange(line: FeeLine, amounts: boolean): string {
  if (amounts)
    return line.upper === null
      ? t('activity.lsd.amountFrom', { lower: line.lower })
      : t('activity.lsd.amountRange', { lower: line.lower, upper: line.upper });
  return line.upper === null
    ? t('activity.lsd.daysFrom', { lower: line.lower })
    : t('activity.lsd.daysRange', { lower: line.lower, upper: line.upper });
}

function FeeTable({ lines, amounts }: { lines: FeeLine[]; amounts: boolean }) {
  return (
    <View className='act-fees'>
      {lines.map((line, i) => (
        <View key={i} className='act-fees__row'>
          <Text className='act-fees__range'>{feeRange(line, amounts)}</Text>
          <Text className='act-fees__rate'>
            {line.fixed_fee !== null ? (
              t('activity.lsd.fixedFee', { fee: line.fixed_fee })
            ) : line.discounted_rate !== null && line.discounted_rate !== line.rate ? (
              <>
                <Text className='act-fees__struck'>{line.rate}%</Text> {line.discounted_rate}%
              </>
            ) : (
              `${line.rate ?? '0.00'}%`
            )}
          </Text>
        </View>
      ))}
    </View>
  );
}

function Brochure({ page }: { page: LumpSumPage }) {
  const { fund } = page;
  return (
    <View className='act-brochure'>
      <View className='act-card'>
        <Text className='act-card__title'>{fund.fd_full_name}</Text>
        <Text className='act-muted'>{t('activity.lsd.company', { company: fund.company, custodian: fund.custodian })}</Text>
        <View className='act-risk'>
          <Text className='act-muted'>{t('activity.lsd.risk')}</Text>
          <Text className='act-risk__level'>{t('activity.lsd.riskLevel', { level: fund.risk_level })}</Text>
          <Text className='act-muted'>{fund.type_desc}</Text>
        </View>
      </View>
      <View className='act-card'>
        <Text className='act-card__title'>{t('activity.lsd.strategy')}</Text>
        <Text className='act-label'>{t('activity.lsd.target')}</Text>
        <Text className='act-text'>{fund.invest_target}</Text>
        <Text className='act-label'>{t('activity.lsd.orientation')}</Text>
        <Text className='act-text'>{fund.invest_orientation}</Text>
        <Text className='act-label'>{t('activity.lsd.benchmark')}</Text>
        <Text className='act-text'>{fund.benchmark}</Text>
      </View>
      <View className='act-card'>
        <Text className='act-card__title'>{t('activity.lsd.manager')}</Text>
        {fund.managers.map((m) => (
          <View key={m.name} className='act-manager'>
            <Text className='act-manager__name'>{m.name}</Text>
            <Text className='act-muted'>{t('activity.lsd.managerSince', { date: m.career_start.slice(0, 10) })}</Text>
            <Text className='act-text'>{m.resume}</Text>
          </View>
        ))}
      </View>
      <View className='act-card'>
        <Text className='act-card__title'>{t('activity.lsd.fees')}</Text>
        <Text className='act-label'>{t('activity.lsd.subscribeFee')}</Text>
        <FeeTable lines={fund.subscribe_fees} amounts />
        <Text className='act-label'>{t('activity.lsd.redeemFee')}</Text>
        <FeeTable lines={fund.redeem_fees} amounts={false} />
        <Text className='act-muted'>
          {t('activity.lsd.yearlyFees', { manage: fund.manage_fee, custody: fund.custody_fee, service: fund.sales_service_fee })}
        </Text>
      </View>
      {page.key_terms.length > 0 ? (
        <View className='act-card'>
          <Text className='act-card__title'>{t('activity.lsd.keyTerms')}</Text>
          {page.key_terms.map((k, i) => (
            <Text key={i} className='act-text'>
              {i + 1}. {textOf(k.text, k.text_en)}
            </Text>
          ))}
        </View>
      ) : null}
      <View className='act-card act-disclosures'>
        <Text className='act-card__title'>{t('activity.lsd.disclosures')}</Text>
        <Text className='act-text act-small'>{t('activity.lsd.disclosure1')}</Text>
        <Text className='act-text act-small'>{t('activity.lsd.disclosure2')}</Text>
        <Text className='act-text act-small'>{t('activity.lsd.disclosure3')}</Text>
      </View>
    </View>
  );
}

function Book({ page, access, onChanged }: { page: LumpSumPage; access: LumpSumScreenProps['access']; onChanged: () => Promise<void> }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const password = usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (e) => resultCodeOf(e) === WRONG_PASSWORD,
    errorText,
  });
  if (access.status === 'anonymous') return <LoginGate />;
  if (access.status === 'loggedIn' && !access.openTrade) return <LoginGate open />;
  const booking = page.raising.phase === 'booking';

  const submit = async () => {
    const parsed = parseAmountInput(amount);
    if (!parsed.ok) {
      setError(t('activity.lsd.amountLabel'));
      return;
    }
    setError(null);
    const yuan = amount.trim();
    const requestId = await newRequestId('lsd');
    const send = (encryptedPassword: string, riskConfirm = false) =>
      bookLumpSum({ id: page.activity.id, amount: yuan, requestId, encryptedPassword, riskConfirm });
    let outcome = await password.run({ payee: t('activity.lsd.payee', { name: page.fund.fd_name }), amount: yuan }, send);
    if (!outcome.ok && !outcome.cancelled && resultCodeOf(outcome.error) === RISK_CONFIRM_REQUIRED && outcome.encrypted) {
      const data = (outcome.error as { body?: { data?: { risk_warning?: string } } }).body?.data;
      const ok = await confirm({
        title: t('activity.lsd.riskTitle'),
        content: data?.risk_warning ?? errorText(outcome.error),
        okText: t('activity.lsd.riskConfirm'),
      });
      if (!ok) return;
      const encrypted = outcome.encrypted;
      try {
        outcome = { ok: true, value: await send(encrypted, true), encrypted };
      } catch (e) {
        outcome = { ok: false, cancelled: false, error: e, encrypted };
      }
    }
    if (outcome.ok) {
      showToast(t('activity.lsd.booked', { date: page.raising.start ?? '' }), { type: 'success' });
      setAmount('');
      await onChanged();
    } else if (!outcome.cancelled) setError(errorText(outcome.error));
  };

  return (
    <>
      {password.dialog}
      {booking ? (
        <View className='act-card act-book'>
          <Text className='act-label'>{t('activity.lsd.amountLabel')}</Text>
          <Input
            className='act-input act-book__amount'
            name='amount'
            type='digit'
            value={amount}
            placeholder={
              page.max_amount
                ? t('activity.lsd.amountHint', { min: page.min_amount, max: page.max_amount })
                : t('activity.lsd.amountHintNoMax', { min: page.min_amount })
            }
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
          />
          {error ? <Text className='act-error'>{error}</Text> : null}
          <Button
            type='primary'
            block
            className='act-primary act-book__submit'
            disabled={amount.trim() === ''}
            onClick={() => void submit()}
          >
            {t('activity.lsd.submit')}
          </Button>
        </View>
      ) : (
        <View className='act-card'>
          <Text className='act-text'>{t('activity.lsd.closedForBooking')}</Text>
          {page.raising.phase === 'raising' ? (
            <Button
              type='primary'
              block
              className='act-primary'
              onClick={() => void navigateToSpecUrl(specUrl('buy', { fundcode: page.fund.fd_code }))}
            >
              {t('activity.lsd.subscribeNow')}
            </Button>
          ) : null}
        </View>
      )}
      <MyBookings bookings={page.bookings ?? []} onChanged={onChanged} />
    </>
  );
}

function MyBookings({ bookings, onChanged }: { bookings: LumpSumBooking[]; onChanged: () => Promise<void> }) {
  const cancel = async (b: LumpSumBooking) => {
    if (!(await confirm({ content: t('activity.lsd.cancelConfirm') }))) return;
    try {
      await cancelBooking(b.booking_id);
      showToast(t('activity.lsd.cancelled'), { type: 'success' });
      await onChanged();
    } catch (e) {
      showToast(errorText(e));
    }
  };
  return (
    <View className='act-card act-bookings'>
      <Text className='act-card__title'>{t('activity.lsd.myBookings')}</Text>
      {bookings.length === 0 ? <Text className='act-muted'>{t('activity.lsd.noBookings')}</Text> : null}
      {bookings.map((b) => (
        <View key={b.booking_id} className='act-booking' data-status={b.status}>
          <View className='act-booking__main'>
            <Text className='act-booking__amount'>{t('activity.amountYuan', { amount: formatAmount(b.amount) })}</Text>
            <Text className='act-muted'>{shanghaiDay(b.created_at)}</Text>
          </View>
          <Text className='act-booking__status'>{t(`activity.lsd.booking.${b.status}`)}</Text>
          {b.status === 'booked' ? (
            <Text className='act-link' onClick={() => void cancel(b)}>
              {t('activity.lsd.cancel')}
            </Text>
          ) : null}
          {b.order_id ? (
            <Text className='act-link' onClick={() => void navigateToSpecUrl(specUrl('orderDetail', { orderId: b.order_id as string }))}>
              {t('activity.lsd.viewOrder')}
            </Text>
          ) : null}
        </View>
      ))}
    </View>
  );
}
