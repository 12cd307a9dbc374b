import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import type { AipPlan } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { navigateToSpecUrl } from '@/platform/navigation';
import { purchaseErrorText, resultCodeOf } from '@/components/purchase/purchase-errors';
import { roleProps } from '@/components/a11y/role-props';
import { getPlans } from './api';
import { AIP_RESULT } from './aip-errors';
import { PlanFigures, PlansLoginGate, StatusTag } from './aip-parts';
import './aip.scss';

const go = (url: string) => () => void navigateToSpecUrl(url);

const ORDER: Record<AipPlan['status'], number> = { running: 0, paused: 1, stopped: 2 };

/** `/autoinvesment/total-list`: every plan of the investor — running, paused, stopped. */
export function PlansScreen() {
  const plans = useRemote(() => getPlans(), []);
  if (plans.status === 'loading') return <SkeletonList items={3} rows={3} />;
  if (plans.status === 'error') {
    if (resultCodeOf(plans.error) === AIP_RESULT.notLoggedIn) {
      return <PlansLoginGate here={specUrl('autoInvestTotalList')} />;
    }
    return <ErrorBox title={purchaseErrorText(plans.error)} onRetry={plans.retry} />;
  }
  const items = [...plans.data.items].sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.created_at - a.created_at);
  const running = items.filter((p) => p.status === 'running').length;
  return (
    <PullRefresh onRefresh={plans.refresh}>
      <View className='aip-page aip-page--plain' data-testid='aip-plans'>
        {items.length === 0 ? (
          <View className='aip-card aip-empty' data-testid='aip-plans-empty'>
            <Text className='aip-empty__title'>{t('aip.list.emptyTitle')}</Text>
            <Text className='aip-muted'>{t('aip.list.emptyDesc')}</Text>
            <Button type='primary' onClick={go(specUrl('autoInvestIntro'))} data-testid='aip-plans-intro'>
              {t('aip.list.toIntro')}
            </Button>
          </View>
        ) : (
          <>
            <View className='aip-card aip-list-head' data-testid='aip-plans-summary'>
              <Text className='aip-muted'>{t('aip.list.summary', { running, total: items.length })}</Text>
            </View>
            {items.map((plan) => (
              <PlanCard key={plan.plan_id} plan={plan} />
            ))}
            <View className='aip-more' onClick={go(specUrl('autoInvestIntro'))} data-testid='aip-plans-new'>
              <Text className='aip-link'>{t('aip.list.new')} ›</Text>
            </View>
          </>
        )}
      </View>
    </PullRefresh>
  );
}

export function PlanCard({ plan }: { plan: AipPlan }) {
  const url = specUrl('autoInvestDetail', { planId: plan.plan_id }, { prelink: specUrl('autoInvestTotalList') });
  return (
    <View className={`aip-card aip-plan aip-plan--${plan.status}`} data-testid='aip-plan' {...roleProps('link')} onClick={go(url)}>
      <View className='aip-plan__top'>
        <View className='aip-plan__fund'>
          <Text className='aip-fund__name'>{plan.fd_name}</Text>
          <Text className='aip-muted aip-inline'>
            {plan.fd_code}
            {plan.smart ? ` · ${t('aip.mode.smart')}` : ''}
          </Text>
        </View>
        <StatusTag status={plan.status} text={plan.status_desc} />
      </View>
      <Text className='aip-plan__schedule' data-testid='aip-plan-schedule'>
        {t('aip.list.schedule', { schedule: plan.cycle_desc, amount: yuanText(plan.amount) })}
      </Text>
      {plan.pause_reason ? (
        <Text className='aip-plan__reason' data-testid='aip-plan-pause-reason'>
          {t('aip.plan.pausedBecause', { reason: plan.pause_reason })}
        </Text>
      ) : null}
      <PlanFigures plan={plan} testIdPrefix='aip-plan' small />
      <Text className='aip-muted' data-testid='aip-plan-next'>
        {plan.status === 'stopped' || !plan.next_date
          ? t('aip.list.stoppedRuns', { count: plan.runs_count })
          : t('aip.list.next', { date: plan.next_date, count: plan.runs_count })}
      </Text>
    </View>
  );
}
