import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { t } from '@/locales/account';
import { bridge } from '@/platform/bridge';
import { NOTIFICATION_TYPE } from '@/platform/bridge-enums';
import { showToast } from '@/platform/feedback';
import type { RiskAssessment, RiskQuestionnaire as Questionnaire } from '@/lib/api-types/account';
import { getRiskQuestionnaire, submitRiskAssessment } from '../api';
import { errorText } from '../login-flow';
import { reloadAccount } from '../store';
import '../account.scss';

export interface RiskQuestionnaireProps {
  onAssessed(result: RiskAssessment): void;
}

/** Tells a native host the assessment is done (docs/PRODUCT.md §3 notification riskTestComplete); nothing outside an app. */
export function notifyRiskTestComplete(result: RiskAssessment): void {
  if (!bridge.isAvailable()) return;
  void bridge.notify(NOTIFICATION_TYPE.RISK_TEST_COMPLETE, { level: result.level, valid_until: result.valid_until }).catch(() => undefined);
}

/** One question at a time from the server's questionnaire; the last answer submits; the result is scored C1–C5. */
export function RiskQuestionnaire({ onAssessed }: RiskQuestionnaireProps) {
  const loaded = useRemote<Questionnaire>(getRiskQuestionnaire, []);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (loaded.status === 'error') return <ErrorBox onRetry={loaded.retry} />;
  if (loaded.status === 'loading') return <SkeletonList items={1} rows={5} />;
  const questions = loaded.data.questions;
  const question = questions[index];
  if (!question) return null;

  const submit = async (all: Record<string, string>) => {
    if (questions.some((q) => !all[q.id])) {
      showToast(t('account.risk.unanswered'));
      return;
    }
    setBusy(true);
    try {
      const result = await submitRiskAssessment(all);
      notifyRiskTestComplete(result);
      await reloadAccount();
      onAssessed(result);
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const choose = (optionId: string) => {
    if (busy) return;
    const next = { ...answers, [question.id]: optionId };
    setAnswers(next);
    if (index < questions.length - 1) setIndex(index + 1);
  };

  const last = index === questions.length - 1;
  return (
    <View className='account-card account-risk'>
      <Text className='account-muted account-risk__progress'>{t('account.risk.progress', { n: index + 1, total: questions.length })}</Text>
      <Text className='account-risk__question'>{question.title}</Text>
      {question.options.map((option) => (
        <Text
          key={option.id}
          className={`account-risk__option${answers[question.id] === option.id ? ' account-risk__option--chosen' : ''}`}
          onClick={() => choose(option.id)}
        >
          {option.text}
        </Text>
      ))}
      <View className='account-risk__nav'>
        {index > 0 ? (
          <Button className='account-risk__prev' onClick={() => setIndex(index - 1)}>
            {t('account.risk.prev')}
          </Button>
        ) : null}
        {last ? (
          <Button
            className='account-risk__submit'
            type='primary'
            loading={busy}
            disabled={busy || !answers[question.id]}
            onClick={() => void submit(answers)}
          >
            {t('account.risk.submit')}
          </Button>
        ) : null}
      </View>
    </View>
  );
}

export interface RiskResultCardProps {
  result: Pick<RiskAssessment, 'level' | 'level_name' | 'score' | 'description' | 'valid_until' | 'max_fund_risk'>;
}

/** The level, what it means, what it allows and how long it holds (2 years). */
export function RiskResultCard({ result }: RiskResultCardProps) {
  return (
    <View className='account-card account-risk-result'>
      <Text className='account-card__title'>{t('account.risk.resultTitle')}</Text>
      <Text className='account-risk__level'>
        {result.level} {result.level_name}
      </Text>
      <Text className='account-muted'>{t('account.risk.score', { score: result.score })}</Text>
      <Text className='account-muted account-risk-result__description'>{result.description}</Text>
      {result.max_fund_risk ? <Text className='account-muted'>{t('account.risk.matches', { max: result.max_fund_risk })}</Text> : null}
      <Text className='account-muted account-risk-result__valid'>{t('account.risk.validUntil', { date: result.valid_until })}</Text>
    </View>
  );
}
