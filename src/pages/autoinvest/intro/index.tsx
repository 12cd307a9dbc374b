import { IntroScreen } from '@/features/aip/intro-screen';
import { t } from '@/locales/aip';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /autoinvesment/intro: auto-invest in plain words, a live backtest, the way in (`?fd_code=` from a fund page).
// No analytics page code yet: src/platform/page-codes.ts names none for the auto-invest pages.
export default function AutoInvestIntroPage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('aip.title.intro')}>
      <IntroScreen fundCode={params.fd_code} />
    </PageShell>
  );
}
