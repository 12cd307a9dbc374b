import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import type { RiskAssessment } from '@/lib/api-types/account';
import type { PurchaseAccess } from '@/components/purchase/purchase-gates';
import { RiskQuestionnaire, RiskResultCard } from './components/risk-questionnaire';
import { useAccountStore } from './store';
import './account.scss';

export interface RiskGate {
  /** Render this once in the page. */
  modal: ReactElement;
  /**
   * Before a purchase (docs/PRODUCT.md §10.10): resolves true at once when the user holds a valid assessment;
   * otherwise opens the order-modal variant of the questionnaire and resolves true once it is taken,
   * false when the user declines.
   */
  ensureAssessed(): Promise<boolean>;
}

export function hasValidAssessment(): boolean {
  const { riskLevel, riskExpired } = useAccountStore.getState();
  return riskLevel !== null && !riskExpired;
}

/** Who is buying, as the account store knows it: the purchase gates' `access` (logged in, an account, a valid assessment). */
export function usePurchaseAccess(): Required<PurchaseAccess> {
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  const riskLevel = useAccountStore((s) => s.riskLevel);
  const riskExpired = useAccountStore((s) => s.riskExpired);
  return { status, openTrade, assessed: riskLevel !== null && !riskExpired };
}

/** The risk assessment's order-modal variant (docs/PRODUCT.md §2 page codes: risk assessment "order modal"). */
export function useRiskGate(): RiskGate {
  const [stage, setStage] = useState<'closed' | 'ask' | 'questions' | 'result'>('closed');
  const [result, setResult] = useState<RiskAssessment | null>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const expired = useAccountStore((s) => s.riskExpired);

  const close = useCallback((ok: boolean) => {
    setStage('closed');
    settle.current?.(ok);
    settle.current = null;
  }, []);

  const ensureAssessed = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        if (hasValidAssessment()) {
          resolve(true);
          return;
        }
        settle.current?.(false);
        settle.current = resolve;
        setResult(null);
        setStage('ask');
        trackPage(PAGE_CODES.riskAssessmentOrderModal);
      }),
    [],
  );

  const modal = (
    <Popup
      visible={stage !== 'closed'}
      position='bottom'
      round
      closeable
      title={t('account.risk.title')}
      onClose={() => close(stage === 'result')}
    >
      <View className='account-sheet account-risk-modal'>
        {stage === 'ask' ? (
          <>
            <Text className='account-card__title'>{expired ? t('account.risk.orderExpired') : t('account.risk.orderTitle')}</Text>
            <Text className='account-muted'>{t('account.risk.intro')}</Text>
            <Button className='account-risk-modal__start' type='primary' block onClick={() => setStage('questions')}>
              {t('account.risk.start')}
            </Button>
            <Button className='account-risk-modal__later' block onClick={() => close(false)}>
              {t('account.risk.later')}
            </Button>
          </>
        ) : null}
        {stage === 'questions' ? (
          <RiskQuestionnaire
            onAssessed={(assessment) => {
              setResult(assessment);
              setStage('result');
            }}
          />
        ) : null}
        {stage === 'result' && result ? (
          <>
            <RiskResultCard result={result} />
            <Button className='account-risk-modal__done' type='primary' block onClick={() => close(true)}>
              {t('account.risk.done')}
            </Button>
          </>
        ) : null}
      </View>
    </Popup>
  );
  return { modal, ensureAssessed };
}
