import { specUrl } from '@/lib/routes';
import { startLogin } from '@/platform/login';
import { navigateToSpecUrl } from '@/platform/navigation';

export interface PurchaseAccount {
  loggedIn: boolean;
  /** The account can trade (SPEC §3 open_trade); null while unknown. */
  openTrade: boolean | null;
}

/**
 * Buy / subscribe (fund page, search results): anonymous → the environment's login, then the buy page; logged in
 * without a trade account → open account (/ccount), then the buy page; with one → the buy page, which checks the
 * risk assessment itself.
 */
export async function startPurchase(code: string, account: PurchaseAccount): Promise<void> {
  const buyUrl = specUrl('buy', { fundcode: code });
  if (!account.loggedIn) {
    await startLogin({ redirect: buyUrl, buyUrl });
    return;
  }
  if (account.openTrade !== true) {
    await navigateToSpecUrl(specUrl('openAccount', {}, { redirect: buyUrl, buyUrl }));
    return;
  }
  await navigateToSpecUrl(buyUrl);
}
