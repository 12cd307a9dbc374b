import type { Environment } from '@/lib/environment';
import { unbindThirdParty, type ThirdpartySource } from './api';

/** The WeChat login this environment binds (docs/PRODUCT.md §3 thirdparty_source): browser OAuth, the mini program, or none. */
export function unbindSourceFor(environment: Pick<Environment, 'isWechat' | 'isMiniprogram'>): ThirdpartySource | null {
  if (environment.isMiniprogram) return 'xqfdweixin';
  if (environment.isWechat) return 'weixin';
  return null;
}

/**
 * docs/PRODUCT.md §4 "Third-party unbind: followed by logout" (which retries up to 3 times). The logout runs even when
 * the unbind fails: the user asked to leave.
 */
export async function unbindAndLogout(source: ThirdpartySource, logout: () => Promise<void>): Promise<void> {
  try {
    await unbindThirdParty(source);
  } catch {
    // leaving anyway
  }
  await logout();
}

export type OauthOutcome = 'loggedIn' | 'needsPhone' | 'failed';

/**
 * The WeChat OAuth loading page's work: post WeChat's code (and state) to the server. A bound openid logs
 * in at once; otherwise the server keeps a thirdparty_token and the SMS login that follows binds it.
 */
export async function completeWechatOauth(
  code: string | undefined,
  state: string | undefined,
  exchange: (code: string, state: string) => Promise<{ logged_in: boolean }>,
): Promise<OauthOutcome> {
  if (!code) return 'failed';
  try {
    const result = await exchange(code, state ?? '');
    return result.logged_in ? 'loggedIn' : 'needsPhone';
  } catch {
    return 'failed';
  }
}
