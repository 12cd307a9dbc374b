// /n/activity/reg-coupon/{id} (issue 25, page code `reg_coupon`): the registration coupon — a discount on the purchase
// fee only (never cash, shares or a lottery), claimed once by a new investor, then offered by the buy page. Expired,
// used and not-eligible coupons say why. docs/PRODUCT.md §7.4.
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { Coupon, RegCouponPage } from '@/lib/api-types/activity';
import { couponZhe } from '@/lib/coupon';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/activity';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { ActivityHero, ActivityRules, LoginGate, shanghaiDay } from './activity-parts';
import { claimCoupon, errorText, getRegCoupon } from './api';

export function RegCouponScreen({ id, access }: { id: string; access: { status: 'unknown' | 'loggedIn' | 'anonymous' } }) {
  usePageCode(PAGE_CODES.registrationCoupon);
  const remote = useRemote(() => getRegCoupon(id), [id, access.status]);
  if (remote.status === 'loading') return <SkeletonList items={3} />;
  if (remote.status === 'error') return <ErrorBox title={errorText(remote.error)} onRetry={remote.retry} />;
  return <CouponPage page={remote.data} access={access} onClaimed={remote.refresh} />;
}

function CouponCard({ page, coupon }: { page: RegCouponPage; coupon: Coupon | null }) {
  const status = coupon?.status ?? null;
  return (
    <View className={`act-coupon${status && status !== 'available' ? ' act-coupon--dim' : ''}`} data-status={status ?? 'unclaimed'}>
      <View className='act-coupon__left'>
        <Text className='act-coupon__zhe'>{t('activity.coupon.off', { zhe: couponZhe(page.discount) })}</Text>
        <Text className='act-coupon__max'>{t('activity.coupon.upTo', { max: page.max_discount })}</Text>
      </View>
      <View className='act-coupon__right'>
        <Text className='act-coupon__line'>{t('activity.coupon.min', { min: page.min_amount })}</Text>
        <Text className='act-coupon__line'>
          {coupon
            ? t('activity.coupon.expires', { date: shanghaiDay(coupon.expires_at) })
            : t('activity.coupon.valid', { days: page.valid_days })}
        </Text>
        {status ? <Text className='act-coupon__status'>{t(`activity.coupon.status.${status}`)}</Text> : null}
      </View>
    </View>
  );
}

function CouponPage({ page, access, onClaimed }: { page: RegCouponPage; access: { status: string }; onClaimed: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const coupon = page.mine?.coupon ?? null;
  const claim = async () => {
    setBusy(true);
    try {
      await claimCoupon(page.activity.id);
      showToast(t('activity.coupon.claimed'), { type: 'success' });
      await onClaimed();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const firstFund = page.funds[0]?.fd_code;
  return (
    <View className='act-page act-reg-coupon'>
      <ActivityHero activity={page.activity}>
        <CouponCard page={page} coupon={coupon} />
      </ActivityHero>
      {access.status === 'anonymous' ? <LoginGate /> : null}
      {page.mine && !page.mine.claimed ? (
        page.mine.eligible ? (
          <View className='act-actions'>
            <Button
              type='primary'
              block
              className='act-primary act-claim'
              loading={busy}
              disabled={page.activity.phase !== 'running'}
              onClick={() => void claim()}
            >
              {t('activity.coupon.claim')}
            </Button>
          </View>
        ) : (
          <View className='act-card'>
            <Text className='act-text act-not-eligible'>{t('activity.coupon.notEligible')}</Text>
          </View>
        )
      ) : null}
      {coupon?.status === 'available' && firstFund ? (
        <View className='act-actions'>
          <Button
            type='primary'
            block
            className='act-primary act-use'
            onClick={() => void navigateToSpecUrl(specUrl('buy', { fundcode: firstFund }))}
          >
            {t('activity.coupon.use')}
          </Button>
        </View>
      ) : null}
      <View className='act-card'>
        <Text className='act-card__title'>{t('activity.coupon.funds')}</Text>
        {page.funds.length === 0 ? <Text className='act-muted'>{t('activity.coupon.allFunds')}</Text> : null}
        {page.funds.map((f) => (
          <View
            key={f.fd_code}
            className='act-found'
            onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: f.fd_code }))}
          >
            <Text className='act-found__name'>
              {f.fd_name} {f.fd_code}
            </Text>
            <Text className='act-link'>›</Text>
          </View>
        ))}
      </View>
      <ActivityRules activity={page.activity} />
      <Text className='act-muted act-note'>{t('activity.coupon.feeOnly')}</Text>
    </View>
  );
}
