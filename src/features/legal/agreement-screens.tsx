// /n/agreements/{agreementId}: one agreement in full; /n/agreements: the list, with what the investor accepted (issue 17).
import { Text, View } from '@tarojs/components';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { AGREEMENTS, LOGIN_AGREEMENTS, currentAgreement, isAgreementId, type AgreementId } from '@/lib/agreements';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/legal';
import { useBrand } from '@/platform/brand';
import { navigateToSpecUrl } from '@/platform/navigation';
import { roleProps } from '@/components/a11y/role-props';
import { getAgreementRecords, type AgreementRecords } from './api';
import { agreementSections, fillBrand } from './documents';
import { useLocale } from './use-locale';
import './legal.scss';

export const agreementTitle = (id: AgreementId): string => t(`legal.title.${id}`);

export function AgreementScreen({ id }: { id: string }) {
  const brand = useBrand();
  const locale = useLocale();
  if (!isAgreementId(id)) {
    return (
      <View className='legal-card legal-missing'>
        <Text className='legal-text'>{t('legal.notFound', { id })}</Text>
        <Text className='legal-link' onClick={() => void navigateToSpecUrl(specUrl('agreements'))}>
          {t('legal.backToList')}
        </Text>
      </View>
    );
  }
  const agreement = currentAgreement(id);
  const sections = agreementSections(id, locale, brand);
  return (
    <View className='legal-doc' data-agreement={id}>
      <View className='legal-card'>
        <View className='legal-doc__title' role='heading' aria-level={1}>
          <Text>{agreementTitle(id)}</Text>
        </View>
        <Text className='legal-doc__meta'>{t('legal.version', { version: agreement.version, date: agreement.effectiveDate })}</Text>
        <Text className='legal-doc__meta'>{t('legal.operator', { company: brand.company })}</Text>
      </View>
      <View className='legal-card'>
        {sections.map((section) => (
          <View key={section.heading} className='legal-doc__section'>
            <View className='legal-doc__heading' role='heading' aria-level={2}>
              <Text>{section.heading}</Text>
            </View>
            {section.paragraphs.map((paragraph, i) => (
              <Text key={i} className='legal-text legal-doc__paragraph'>
                {paragraph}
              </Text>
            ))}
          </View>
        ))}
        <Text className='legal-doc__meta legal-doc__licence'>{fillBrand('{licence}', brand, locale)}</Text>
      </View>
      <Text className='legal-link legal-doc__all' onClick={() => void navigateToSpecUrl(specUrl('agreements'))}>
        {t('legal.backToList')}
      </Text>
    </View>
  );
}

function formatTime(iso: string): string {
  // Shanghai time, as the investor lived it: 2026-11-26 10:05.
  const shanghai = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
  return `${shanghai.slice(0, 10)} ${shanghai.slice(11, 16)}`;
}

/** Where an acceptance was given, as the server records it (server/src/routes: account.ts 'login', account-opening.ts 'opening'). */
function acceptedText(a: AgreementRecords['accepted'][number]): string {
  const params = { date: formatTime(a.accepted_at), version: a.version };
  if (a.context === 'login') return t('legal.accepted.at.login', params);
  if (a.context === 'opening') return t('legal.accepted.at.opening', params);
  return t('legal.accepted.at.other', params);
}

function Acceptances({ records, id }: { records: AgreementRecords; id: AgreementId }) {
  const mine = records.accepted.filter((a) => a.agreement_id === id);
  if (mine.length === 0) {
    // Not yet: the login tick asks for the service terms and the privacy policy (opening asks again), opening for all.
    const ask = LOGIN_AGREEMENTS.includes(id) ? t('legal.accepted.ask.login') : t('legal.accepted.ask.opening');
    return <Text className='legal-list__accepted legal-list__accepted--none'>{ask}</Text>;
  }
  const current = currentAgreement(id).version;
  return (
    <>
      {mine.map((a) => (
        <Text key={`${a.version}-${a.accepted_at}`} className='legal-list__accepted'>
          {acceptedText(a) + (a.version === current ? '' : t('legal.accepted.newer', { current }))}
        </Text>
      ))}
    </>
  );
}

function MyAcceptances({ loggedIn }: { loggedIn: boolean }) {
  const remote = useRemote(() => (loggedIn ? getAgreementRecords() : Promise.resolve(null)), [loggedIn]);
  if (!loggedIn) return <Text className='legal-text legal-muted'>{t('legal.accepted.login')}</Text>;
  if (remote.status === 'loading') return <SkeletonList items={2} />;
  if (remote.status === 'error') return <ErrorBox onRetry={remote.retry} />;
  const records = remote.data;
  if (!records) return null;
  return (
    <View className='legal-records'>
      {AGREEMENTS.map((a) => (
        <View key={a.id} className='legal-records__item'>
          <Text className='legal-records__name'>{t('legal.bracket', { title: agreementTitle(a.id) })}</Text>
          <Acceptances records={records} id={a.id} />
        </View>
      ))}
    </View>
  );
}

export function AgreementListScreen({ loggedIn }: { loggedIn: boolean }) {
  const brand = useBrand();
  return (
    <View className='legal-list'>
      <View className='legal-card'>
        <View className='legal-doc__title' role='heading' aria-level={1}>
          <Text>{t('legal.list.title')}</Text>
        </View>
        <Text className='legal-text legal-muted'>{t('legal.list.intro', { company: brand.company })}</Text>
        {AGREEMENTS.map((a) => (
          <View
            key={a.id}
            className='legal-list__item'
            {...roleProps('link')}
            onClick={() => void navigateToSpecUrl(specUrl('agreement', { agreementId: a.id }))}
          >
            <Text className='legal-list__name'>{t('legal.bracket', { title: agreementTitle(a.id) })}</Text>
            <Text className='legal-doc__meta'>{t('legal.version', { version: a.version, date: a.effectiveDate })}</Text>
          </View>
        ))}
      </View>
      <View className='legal-card'>
        <Text className='legal-card__title'>{t('legal.accepted.title')}</Text>
        <MyAcceptances loggedIn={loggedIn} />
      </View>
    </View>
  );
}
