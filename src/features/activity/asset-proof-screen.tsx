// /ccount/get-prove-assets (issue 25): the asset proof — pick a date (from the account's opening to today) and a
// language, the server issues a PDF (serial, verification code, the holdings of that date's end from the ledger);
// H5 downloads it, the mini program opens it in WeChat's viewer. /n/asset-proof/verify/{serial}: a third party checks
// one with its code. docs/PRODUCT.md §7.4.
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { DatePickerSheet } from '@/components/date-picker-sheet/date-picker-sheet';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { AssetProofIssued, AssetProofVerification } from '@/lib/api-types/activity';
import { formatAmount } from '@/lib/format';
import { t } from '@/locales/activity';
import { getLocale } from '@/locales/i18n';
import { showToast } from '@/platform/feedback';
import { openPdf } from '@/platform/open-pdf';
import { copyText } from '@/platform/save-text';
import { LoginGate, shanghaiDay, shanghaiToday } from './activity-parts';
import { errorText, getAssetProofs, issueAssetProof, verifyAssetProof } from './api';

export function AssetProofScreen({ access }: { access: { status: 'unknown' | 'loggedIn' | 'anonymous'; openTrade: boolean } }) {
  if (access.status === 'anonymous') return <LoginGate />;
  if (access.status === 'unknown') return <SkeletonList items={2} />;
  if (!access.openTrade) return <LoginGate open text={t('activity.proof.notOpened')} />;
  return <ProofForm />;
}

function ProofForm() {
  const [date, setDate] = useState(shanghaiToday());
  const [picking, setPicking] = useState(false);
  const [lang, setLang] = useState<'zh-CN' | 'en-US'>(getLocale());
  const [issued, setIssued] = useState<AssetProofIssued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const history = useRemote(() => getAssetProofs(), []);

  const issue = async () => {
    setBusy(true);
    setError(null);
    try {
      setIssued(await issueAssetProof(date, lang));
      await history.refresh();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <View className='act-page act-proof'>
      <View role='heading' aria-level={1} className='act-page__title'>
        <Text>{t('activity.title.assetProof')}</Text>
      </View>
      <Text className='act-text act-muted'>{t('activity.proof.intro')}</Text>
      <View className='act-card act-proof__form'>
        <View className='act-field' onClick={() => setPicking(true)}>
          <Text className='act-label'>{t('activity.proof.date')}</Text>
          <Text className='act-field__value act-proof__date'>{date}</Text>
          <Text className='act-link'>{t('activity.proof.pickDate')} ›</Text>
        </View>
        <View className='act-field'>
          <Text className='act-label'>{t('activity.proof.lang')}</Text>
          <View className='act-choice'>
            {(['zh-CN', 'en-US'] as const).map((l) => (
              <Text key={l} className={`act-choice__item${lang === l ? ' act-choice__item--on' : ''}`} onClick={() => setLang(l)}>
                {l === 'zh-CN' ? t('activity.proof.lang.zh') : t('activity.proof.lang.en')}
              </Text>
            ))}
          </View>
        </View>
        {error ? <Text className='act-error'>{error}</Text> : null}
        <Button type='primary' block className='act-primary act-proof__issue' loading={busy} onClick={() => void issue()}>
          {t('activity.proof.issue')}
        </Button>
      </View>
      <DatePickerSheet
        visible={picking}
        value={date}
        max={shanghaiToday()}
        title={t('activity.proof.pickDate')}
        onConfirm={(picked) => {
          setDate(picked);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
      {issued ? <Issued proof={issued} /> : null}
      {history.status === 'ready' && history.data.items.length > 0 ? (
        <View className='act-card act-proof__history'>
          <Text className='act-card__title'>{t('activity.proof.history')}</Text>
          {history.data.items.map((p) => (
            <View key={p.serial} className='act-booking'>
              <View className='act-booking__main'>
                <Text className='act-booking__amount'>{p.date}</Text>
                <Text className='act-muted'>
                  {p.serial} · {shanghaiDay(p.issued_at)}
                </Text>
              </View>
              <Text className='act-booking__status'>{t('activity.amountYuan', { amount: formatAmount(p.total) })}</Text>
              <DownloadLink proof={p} />
            </View>
          ))}
        </View>
      ) : null}
      {history.status === 'error' ? <ErrorBox onRetry={history.retry} /> : null}
    </View>
  );
}

function DownloadLink({ proof }: { proof: AssetProofIssued }) {
  const download = async () => {
    try {
      await openPdf(proof.pdf_url, `asset-proof-${proof.serial}.pdf`);
    } catch {
      showToast(t('activity.proof.downloadFailed'));
    }
  };
  return (
    <Text className='act-link act-proof__download' onClick={() => void download()}>
      {process.env.TARO_ENV === 'weapp' ? t('activity.proof.open') : t('activity.proof.download')}
    </Text>
  );
}

function Issued({ proof }: { proof: AssetProofIssued }) {
  const copy = async (text: string) => {
    if (await copyText(text)) showToast(t('activity.proof.copied'));
  };
  return (
    <View className='act-card act-proof__issued' data-serial={proof.serial}>
      <Text className='act-card__title'>{t('activity.proof.issued')}</Text>
      <View className='act-kv'>
        <Text className='act-muted'>{t('activity.proof.serial')}</Text>
        <Text className='act-kv__value act-proof__serial'>{proof.serial}</Text>
      </View>
      <View className='act-kv'>
        <Text className='act-muted'>{t('activity.proof.code')}</Text>
        <Text className='act-kv__value act-proof__code'>{proof.verify_code}</Text>
      </View>
      <View className='act-kv'>
        <Text className='act-muted'>{t('activity.proof.total')}</Text>
        <Text className='act-kv__value act-proof__total'>{t('activity.amountYuan', { amount: formatAmount(proof.total) })}</Text>
      </View>
      <View className='act-kv'>
        <Text className='act-muted'>{t('activity.proof.verifyLink')}</Text>
        <Text className='act-kv__value act-small'>{proof.verify_url}</Text>
        <Text className='act-link' onClick={() => void copy(`${proof.verify_url} ${proof.verify_code}`)}>
          {t('activity.proof.copy')}
        </Text>
      </View>
      <DownloadLink proof={proof} />
    </View>
  );
}

/** The public check of a proof: its serial from the URL, the code typed (or from `?code=`). */
export function AssetProofVerifyScreen({ serial, code: initialCode }: { serial: string; code?: string }) {
  const [code, setCode] = useState(initialCode ?? '');
  const [asked, setAsked] = useState(initialCode ?? null);
  const remote = useRemote(() => (asked === null ? Promise.resolve(null) : verifyAssetProof(serial, asked)), [serial, asked]);
  return (
    <View className='act-page act-verify'>
      <View role='heading' aria-level={1} className='act-page__title'>
        <Text>{t('activity.title.verify')}</Text>
      </View>
      <Text className='act-text act-muted'>{t('activity.verify.intro')}</Text>
      <View className='act-card'>
        <View className='act-kv'>
          <Text className='act-muted'>{t('activity.proof.serial')}</Text>
          <Text className='act-kv__value'>{serial}</Text>
        </View>
        <Input
          className='act-input act-verify__code'
          value={code}
          placeholder={t('activity.verify.code')}
          maxLength={20}
          onChange={setCode}
        />
        <Button
          type='primary'
          block
          className='act-primary act-verify__submit'
          disabled={code.trim() === ''}
          onClick={() => setAsked(code.trim())}
        >
          {t('activity.verify.submit')}
        </Button>
      </View>
      {remote.status === 'loading' && asked !== null ? <SkeletonList items={1} /> : null}
      {remote.status === 'error' ? <ErrorBox onRetry={remote.retry} /> : null}
      {remote.status === 'ready' && remote.data ? <Verdict result={remote.data} /> : null}
    </View>
  );
}

function Verdict({ result }: { result: AssetProofVerification }) {
  return (
    <View className={`act-card act-verdict act-verdict--${result.genuine ? 'genuine' : 'false'}`} data-verdict={result.verdict}>
      <Text className='act-verdict__title'>{t(`activity.verify.${result.verdict}`)}</Text>
      {result.genuine ? (
        <>
          <View className='act-kv'>
            <Text className='act-muted'>{t('activity.verify.date')}</Text>
            <Text className='act-kv__value'>{result.date}</Text>
          </View>
          <View className='act-kv'>
            <Text className='act-muted'>{t('activity.verify.total')}</Text>
            <Text className='act-kv__value act-verdict__total'>
              {t('activity.amountYuan', { amount: formatAmount(result.total ?? '') })}
            </Text>
          </View>
          <View className='act-kv'>
            <Text className='act-muted'>{t('activity.verify.holder')}</Text>
            <Text className='act-kv__value'>{result.holder}</Text>
          </View>
          <View className='act-kv'>
            <Text className='act-muted'>{t('activity.verify.issuedAt')}</Text>
            <Text className='act-kv__value'>{result.issued_at ? shanghaiDay(result.issued_at) : ''}</Text>
          </View>
          <View className='act-kv'>
            <Text className='act-muted'>{t('activity.verify.issuer')}</Text>
            <Text className='act-kv__value'>{result.issuer}</Text>
          </View>
        </>
      ) : null}
    </View>
  );
}
