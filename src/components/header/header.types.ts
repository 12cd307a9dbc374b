import type { Environment } from '@/lib/environment';

export interface HeaderAccount {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  maskTelephone: string | null;
}

export interface HeaderProps {
  /** Spec URL (path + query) of the page shown: highlights its nav link and is the login redirect. */
  currentUrl: string;
  account: HeaderAccount;
  /** Where the page runs: the Download App box hides inside third-party apps and our own app. */
  environment: Pick<Environment, 'isOwnApp' | 'isThirdApp'>;
  /** The hideHomeBtn query flag: hides the home link. */
  hideHomeBtn: boolean;
  /** Home and 404 pages render full width. */
  fullWidth?: boolean;
  /** SPA navigation to a spec URL (external URLs included). */
  onNavigate(url: string): void;
  /** The [Exit] action: logout, clear identity, go to the logout landing. */
  onExit(): void;
  /**
   * The page's title, drawn in the bar (phones) or as a row under it (desktop); omitted on home and where the host
   * draws its own title bar (header-rules.ts `hostDrawsTitleBar`).
   */
  title?: string;
  /** The back button's action (back in history, or home); no button when omitted. */
  onBack?(): void;
}
