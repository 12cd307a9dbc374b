import { useAccountStore } from '@/features/account/store';
import { RegCouponScreen } from '@/features/activity/reg-coupon-screen';
import { t } from '@/locales/activity';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/activity/reg-coupon/{id}: the registration coupon. No global header (docs/PRODUCT.md §2.2).
export default function RegCouponPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  return (
    <PageShell title={t('activity.title.coupon')}>
      <RegCouponScreen id={params.id ?? ''} access={{ status }} />
    </PageShell>
  );
}
