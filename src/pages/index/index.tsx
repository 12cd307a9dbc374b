import { View } from '@tarojs/components';
import { HomeScreen } from '@/features/home/home-screen';
import { searchFunds } from '@/features/fund/api';
import { SearchBox } from '@/features/fund/search-box';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/i18n';
import { bridge } from '@/platform/bridge';
import { NATIVE_DESTINATION } from '@/platform/bridge-enums';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../shell/page-shell';

// Home (/index, / and /_app): search, entries, banner and marquee, ranked funds, valuation summary.
export default function HomePage() {
  // Inside a native app of the family its own search screen opens (SPEC §2 native destination "search").
  const nativeSearch = bridge.isAvailable() ? () => void bridge.open(NATIVE_DESTINATION.SEARCH, {}).catch(() => undefined) : undefined;
  return (
    <PageShell fullWidth title={t('home.title')}>
      <View className='home__search' data-testid='home-search'>
        <SearchBox
          search={(key) => searchFunds(key)}
          onNativeSearch={nativeSearch}
          onSelect={(item) =>
            void navigateToSpecUrl(item.stype === 'funding' ? specUrl('fundDetail', { fundcode: item.scode }) : `/${item.stype}/${item.scode}`)
          }
        />
      </View>
      <HomeScreen />
    </PageShell>
  );
}
