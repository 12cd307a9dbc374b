import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Dialog } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { CODE_LENGTH } from '@/lib/constants';
import { t } from '@/locales/account';
import { copyText, saveText } from '@/platform/save-text';
import { errorText, forgetPhone } from './login-flow';
import {
  closeAccount as defaultClose,
  getCloseCheck,
  getDataExport,
  sendCloseCode as defaultSendCode,
  type CloseCheck,
  type PersonalDataExport,
} from './privacy-api';
import { FlowHeader, SettingsCodeField } from './settings-parts';
import './account.scss';
import './settings.scss';

// The privacy policy's rights in settings (issue 17, docs/PRODUCT.md §7.3 "privacy"): 个人信息导出 — a copy of one's
// data, saved as a .json file on H5 and copied to the clipboard in the mini program (platform/save-text) — and 注销账户:
// the conditions and consequences, what still keeps the account open, then a code to the login phone and a last
// confirmation.

/** `personal-data-20250304.json`: the export's date (Shanghai) in the file name. */
export function exportFileName(exportedAt: string): string {
  const day = new Date(new Date(exportedAt).getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `personal-data-${day}.json`;
}

const countOf = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

export interface DataExportFlowProps {
  onBack(): void;
  /** Injectable for tests. */
  load?: () => Promise<PersonalDataExport>;
  save?: typeof saveText;
  copy?: typeof copyText;
}

export function DataExportFlow({ onBack, load = getDataExport, save = saveText, copy = copyText }: DataExportFlowProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; json: string; summary: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await load();
      const json = JSON.stringify(data, null, 2);
      const file = exportFileName(data.exported_at);
      const saved = await save(file, json);
      const cash = data.cash as { movements?: unknown } | undefined;
      setDone({
        json,
        text: saved.via === 'download' ? t('account.settings.exportDownloaded', { file }) : t('account.settings.exportCopied'),
        summary: t('account.settings.exportSummary', {
          orders: countOf(data.orders) + countOf(cash?.movements),
          plans: countOf(data.auto_invest_plans),
          messages: countOf(data.service_messages),
        }),
      });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const copyAgain = async () => {
    if (!done) return;
    const copied = await copy(done.json);
    setDone({ ...done, text: copied ? t('account.settings.exportCopied') : t('account.settings.exportCopyFailed') });
  };

  return (
    <View className='account-card settings-flow settings-flow--export'>
      <FlowHeader title={t('account.settings.exportData')} onBack={onBack} />
      <Text className='account-muted settings-privacy__intro'>{t('account.settings.exportIntro')}</Text>
      {done ? (
        <View className='settings-privacy__done' data-testid='export-done'>
          <Text className='settings-privacy__done-text'>{done.text}</Text>
          <Text className='account-muted'>{done.summary}</Text>
        </View>
      ) : null}
      {error ? <Text className='account-error settings-flow__error'>{error}</Text> : null}
      <Button
        className='settings-flow__next settings-export__button'
        type='primary'
        block
        loading={busy}
        disabled={busy}
        onClick={() => void run()}
      >
        {t('account.settings.exportButton')}
      </Button>
      {done && process.env.TARO_ENV !== 'weapp' ? (
        <Button className='settings-export__copy' block fill='outline' type='primary' onClick={() => void copyAgain()}>
          {t('account.settings.exportCopy')}
        </Button>
      ) : null}
    </View>
  );
}

export interface CloseAccountFlowProps {
  /** The login phone, masked (where the code goes). */
  telephoneMasked: string | null;
  onBack(): void;
  /** After the account is closed and the user pressed 完成: the page's exit (stores reset, home). */
  onClosed(): void;
  /** Injectable for tests. */
  check?: () => Promise<CloseCheck>;
  sendCode?: () => Promise<unknown>;
  close?: (code: string) => Promise<unknown>;
}

const CONDITIONS = [
  'account.settings.closeConditionHoldings',
  'account.settings.closeConditionCash',
  'account.settings.closeConditionPending',
  'account.settings.closeConditionPlans',
] as const;
const CONSEQUENCES = [
  'account.settings.closeConsequenceLogin',
  'account.settings.closeConsequenceDeleted',
  'account.settings.closeConsequenceKept',
  'account.settings.closeConsequencePhone',
] as const;

export function CloseAccountFlow({
  telephoneMasked,
  onBack,
  onClosed,
  check = getCloseCheck,
  sendCode = defaultSendCode,
  close = defaultClose,
}: CloseAccountFlowProps) {
  const remote = useRemote(check, []);
  const [step, setStep] = useState<'intro' | 'code' | 'done'>('intro');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      await close(code);
      forgetPhone(); // the remembered number belongs to an account that no longer exists
      setStep('done');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done')
    return (
      <View className='account-card settings-flow settings-flow--closed' data-testid='account-closed'>
        <Text className='settings-flow__title'>{t('account.settings.closedTitle')}</Text>
        <Text className='account-muted settings-privacy__intro'>{t('account.settings.closedText')}</Text>
        <Button className='settings-flow__next' type='primary' block onClick={onClosed}>
          {t('account.settings.closedDone')}
        </Button>
      </View>
    );

  return (
    <View className='account-card settings-flow settings-flow--close'>
      <FlowHeader title={t('account.settings.closeAccount')} onBack={onBack} />
      <Text className='settings-privacy__heading'>{t('account.settings.closeConditionsTitle')}</Text>
      <View className='settings-privacy__list'>
        {CONDITIONS.map((key) => (
          <Text className='settings-privacy__item' key={key}>
            {t(key)}
          </Text>
        ))}
      </View>
      <Text className='settings-privacy__heading'>{t('account.settings.closeConsequencesTitle')}</Text>
      <View className='settings-privacy__list'>
        {CONSEQUENCES.map((key) => (
          <Text className='settings-privacy__item' key={key}>
            {t(key)}
          </Text>
        ))}
      </View>
      {remote.status === 'loading' ? <SkeletonList items={1} /> : null}
      {remote.status === 'error' ? <ErrorBox onRetry={remote.retry} /> : null}
      {remote.status === 'ready' && !remote.data.can_close ? (
        <View className='settings-privacy__blocked' data-testid='close-blocked'>
          <Text className='account-error'>{t('account.settings.closeBlocked')}</Text>
          {remote.data.reasons.map((reason) => (
            <Text className='account-error settings-privacy__item' key={reason}>
              {reason}
            </Text>
          ))}
        </View>
      ) : null}
      {remote.status === 'ready' && remote.data.can_close && step === 'intro' ? (
        <Button className='settings-flow__next settings-close__next' type='primary' block onClick={() => setStep('code')}>
          {t('account.settings.closeNext')}
        </Button>
      ) : null}
      {step === 'code' ? (
        <View className='account-form settings-close__code'>
          <Text className='account-muted'>{t('account.settings.closeCodeTo', { phone: telephoneMasked ?? '' })}</Text>
          <SettingsCodeField value={code} onChange={setCode} send={sendCode} onError={setError} />
          {error ? <Text className='account-error settings-flow__error'>{error}</Text> : null}
          <Button
            className='settings-flow__next settings-close__confirm'
            type='danger'
            block
            loading={busy}
            disabled={busy || code.length !== CODE_LENGTH}
            onClick={() => setConfirming(true)}
          >
            {t('account.settings.closeConfirm')}
          </Button>
        </View>
      ) : null}
      <Dialog
        className='settings-close-dialog'
        visible={confirming}
        title={t('account.settings.closeDialogTitle')}
        content={t('account.settings.closeDialogContent')}
        confirmText={t('account.settings.closeConfirm')}
        cancelText={t('account.login.cancel')}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
        onClose={() => setConfirming(false)}
      />
    </View>
  );
}
