// 适当性 on the fund page: a logged-in investor whose assessed risk tolerance is below the fund's risk level (or
// whose assessment has expired) reads so before reaching the buy button, with the way to (re)take the assessment.
// The level comes from the account answer the page shell asks anyway: no request of its own.
import { Text, View } from '@tarojs/components';
import { InfoBanner } from '@/components/info-banner/info-banner';
import type { RiskLevel } from '@/lib/api-types/account';
import { specUrl } from '@/lib/routes';
import { suitability } from '@/lib/suitability';
import { t } from '@/locales/fund';
import { useElderWording } from '@/platform/elder-mode';
import { navigateToSpecUrl } from '@/platform/navigation';

export interface InvestorRisk {
  loggedIn: boolean;
  riskLevel?: RiskLevel | null;
  riskExpired?: boolean;
}

export type RiskNoticeKind = 'none' | 'warn' | 'refuse' | 'expired';

/** Which notice an investor gets on a fund of `fundRisk` ('1'…'5'); none for visitors and matching levels. */
export function riskNoticeKind(investor: InvestorRisk, fundRisk: string): RiskNoticeKind {
  if (!investor.loggedIn || !investor.riskLevel) return 'none';
  const fund = Number(fundRisk);
  const level = Number(investor.riskLevel.slice(1));
  if (!Number.isInteger(fund) || fund < 1 || fund > 5 || !Number.isInteger(level) || level < 1 || level > 5) return 'none';
  const verdict = suitability(level, fund);
  if (verdict !== 'match') return verdict;
  return investor.riskExpired === true ? 'expired' : 'none';
}

export function RiskNotice({ investor, fundRisk, fundCode }: { investor: InvestorRisk; fundRisk: string; fundCode: string }) {
  // Elder mode: the notice in plain words (风险承受能力, 测评, 适当性 said as what they mean).
  const w = useElderWording();
  const kind = riskNoticeKind(investor, fundRisk);
  if (kind === 'none' || !investor.riskLevel) return null;
  const params = {
    fundLevel: `R${fundRisk}`,
    fundName: t(`fund.risk.${fundRisk}`),
    level: investor.riskLevel,
    levelName: t(`fund.suitability.${investor.riskLevel}`),
  };
  const redo = () => void navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect: specUrl('fundDetail', { fundcode: fundCode }) }));
  return (
    <View className='fund-risk-notice' data-testid='risk-notice' data-kind={kind}>
      <InfoBanner type={kind === 'expired' ? 'warning' : 'error'}>
        <Text>{w(`fund.suitability.${kind}`, params)}</Text>
        <Text className='fund-risk-notice__link' onClick={redo} data-testid='risk-redo'>
          {w('fund.suitability.redo')}
        </Text>
      </InfoBanner>
    </View>
  );
}
