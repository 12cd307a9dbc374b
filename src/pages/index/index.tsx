import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { specUrl } from '@/lib/routes';
import type { RouteName } from '@/lib/routes';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../shell/page-shell';
import './index.scss';

// Home (/index, / and /_app): a search entry and the main areas. The discovery issue fills it in.
const AREAS: readonly { route: RouteName; label: string }[] = [
  { route: 'fundFilter', label: 'shell.home.area.fundFilter' },
  { route: 'indexMass', label: 'shell.home.area.indexMass' },
  { route: 'rankQdii', label: 'shell.home.area.qdii' },
  { route: 'valueCenter', label: 'shell.home.area.valueCenter' },
  { route: 'xjb', label: 'shell.home.area.xjb' },
  { route: 'autoInvestIntro', label: 'shell.home.area.autoInvest' },
  { route: 'myMoney', label: 'shell.home.area.myMoney' },
  { route: 'commonQuestions', label: 'shell.home.area.help' },
];

export default function HomePage() {
  return (
    <PageShell fullWidth title={t('shell.home.title')}>
      <View className='home'>
        <View className='home__search' data-testid='home-search'>
          <Text className='home__search-text'>{t('shell.home.searchPlaceholder')}</Text>
        </View>
        <Text className='home__areas-title'>{t('shell.home.areas')}</Text>
        <View className='home__areas'>
          {AREAS.map((area) => (
            <View key={area.route} className='home__area' onClick={() => void navigateToSpecUrl(specUrl(area.route))}>
              <Text>{t(area.label)}</Text>
            </View>
          ))}
        </View>
      </View>
    </PageShell>
  );
}
