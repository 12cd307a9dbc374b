import { useEffect } from 'react';
import { CertificationScreen } from '@/features/account/components/account-screens';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /ccount/certification?pageId=6&redirect={url}&buyUrl={url}: real name and bank card.
export default function CertificationPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.openAccount, { extras: { from: params.pageId } }), [params.pageId]);
  return (
    <PageShell title={t('account.cert.title')}>
      <CertificationScreen redirect={params.redirect} buyUrl={params.buyUrl} referer={params.referer} />
    </PageShell>
  );
}
