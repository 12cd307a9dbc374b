import { AgreementScreen, agreementTitle } from '@/features/legal/agreement-screens';
import { isAgreementId } from '@/lib/agreements';
import { t } from '@/locales/legal';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/agreements/{agreementId}: service, privacy, risk-disclosure or fund-sale, in full.
export default function AgreementPage() {
  const { params } = usePageUrl();
  const id = params.agreementId ?? '';
  return (
    <PageShell title={isAgreementId(id) ? agreementTitle(id) : t('legal.list.title')}>
      <AgreementScreen id={id} />
    </PageShell>
  );
}
