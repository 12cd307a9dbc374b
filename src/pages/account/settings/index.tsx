import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { RequireLogin } from '@/features/account/components/require-login';
import { SettingsScreen, settingsActionOf } from '@/features/account/settings-screen';
import { t } from '@/locales/account';
import { exitAccount, PageShell, usePageUrl } from '../../shell/page-shell';

// /n/account/settings?action=password|reset-password|phone: account settings, reached from my money's 设置 entry.
// Logging out goes through the page shell's exit (stores reset, the logout landing, then home).
export default function AccountSettingsPage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('account.settings.title')}>
      <RequireLogin>
        <SettingsScreen
          initialAction={settingsActionOf(params.action)}
          onLogout={() => void exitAccount()}
          languageSlot={<LanguageSwitch />}
        />
      </RequireLogin>
    </PageShell>
  );
}
