import { CustomerServiceScreen } from '@/features/legal/service-screen';
import { t } from '@/locales/legal';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /service/customservice?snb_account_type=2|4&params={entryPage}: hours, the service phone, the message form, and the
// external chat where the operator has one — its URL is a deployment setting (TARO_APP_CHAT_URL), given the same query.
function chatUrl(query: Record<string, string>): string | null {
  const base = typeof CUSTOMER_SERVICE_CHAT_URL === 'string' ? CUSTOMER_SERVICE_CHAT_URL : '';
  if (!base) return null;
  const search = Object.entries(query)
    .filter(([key]) => key === 'snb_account_type' || key === 'params')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

/** The `params` query's `entryPage` (`{"entryPage":"/funding/110011"}`), when it is one. */
function entryPageOf(query: Record<string, string>): string | undefined {
  try {
    const parsed: unknown = JSON.parse(query.params ?? '');
    const entryPage = parsed && typeof parsed === 'object' ? (parsed as { entryPage?: unknown }).entryPage : undefined;
    return typeof entryPage === 'string' && entryPage ? entryPage : undefined;
  } catch {
    return undefined;
  }
}

export default function CustomerServicePage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('legal.service.pageTitle')}>
      <CustomerServiceScreen chatUrl={chatUrl(params)} entryPage={entryPageOf(params)} />
    </PageShell>
  );
}
