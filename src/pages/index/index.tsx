import { View } from '@tarojs/components';
import { HomeScreen } from '@/features/home/home-screen';
import { useAccountStore } from '@/features/account/store';
import { searchFunds } from '@/features/fund/api';
import { SearchBox } from '@/features/fund/search-box';
import { startPurchase } from '@/features/fund/start-purchase';
import { specUrl } from '@/lib/routes';
import { brandName } from '@/lib/brand';
import { getLocale } from '@/locales/i18n';
import { useBrand } from '@/platform/brand';
import { nativeBridgePresent, openNativeDestination } from '@/platform/native-app';
import { navigateToSpecUrl, pageEnvironment } from '@/platform/navigation';
import { stockAppLink } from '@/platform/stock-app-links';
import { SESSION_KEYS, sessionStore } from '@/platform/storage';
import { homePageCode } from '@/features/home/home-page-code';
import { PageShell, usePageUrl } from '../shell/page-shell';

// Home (/index, / and /_app): search, entries, banner and marquee, ranked funds, valuation summary.
export default function HomePage() {
  // Inside a native app of the family its own search screen opens (docs/PRODUCT.md §2 native destination "search").
  const nativeSearch = nativeBridgePresent() ? () => void openNativeDestination('search').catch(() => undefined) : undefined;
  const brand = useBrand();
  const { url } = usePageUrl();
  return (
    <PageShell fullWidth title={brandName(brand, getLocale())}>
      <View className='home__search' data-testid='home-search'>
        <SearchBox
          search={(key, page) => searchFunds(key, page)}
          onNativeSearch={nativeSearch}
          onSelect={(item) => {
            if (item.stype === 'funding') return void navigateToSpecUrl(specUrl('fundDetail', { fundcode: item.scode }));
            // A stock or index: inside the stock-community app its own screen, by the link prefix of its version.
            const inApp = stockAppLink(`/${item.stype}/${item.scode}`, pageEnvironment(sessionStore.get(SESSION_KEYS.channel)));
            if (inApp) window.location.assign(inApp);
            else void navigateToSpecUrl(`/${item.stype}/${item.scode}`);
          }}
          onBuy={(item) => {
            const { status, openTrade } = useAccountStore.getState();
            void startPurchase(item.scode, { loggedIn: status === 'loggedIn', openTrade });
          }}
        />
      </View>
      <HomeScreen pageCode={homePageCode(url)} />
    </PageShell>
  );
}
