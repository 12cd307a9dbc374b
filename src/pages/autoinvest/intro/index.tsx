import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { IntroScreen } from '@/features/aip/intro-screen';
import { t } from '@/locales/aip';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /autoinvesment/intro: auto-invest in plain words, a live backtest, the way in (`?fd_code=` from a fund page).
export default function AutoInvestIntroPage() {
  usePageCode(PAGE_CODES.aipIntro);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('aip.title.intro')}>
      <IntroScreen fundCode={params.fd_code} />
    </PageShell>
  );
}
