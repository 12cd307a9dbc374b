import { WatchlistScreen } from '@/features/fund/watchlist-screen';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/fund';
import { PageShell } from '../shell/page-shell';

// /n/optional: the watchlist (server list when logged in, this device's otherwise). A tab page: it sits in the
// mini program's main package (WeChat allows tab pages nowhere else), outside pages/fund's subpackage.
export default function WatchlistPage() {
  const status = useAccountStore((s) => s.status);
  return (
    <PageShell title={t('fund.optional.title')}>
      <WatchlistScreen loggedIn={status === 'loggedIn'} statusKnown={status !== 'unknown'} />
    </PageShell>
  );
}
