import type { Environment } from '@/lib/environment';
import { specUrl, stringifyQuery } from '@/lib/routes';
import { setCookie } from './cookies';
import { nativeBridgePresent } from './native-app';
import { navigateToSpecUrl, pageEnvironment } from './navigation';
import { sessionStore, SESSION_KEYS } from './storage';
import {
  ACCESS_TOKEN_COOKIE,
  accessTokenCookieOptions,
  AUTH_CLIENTS,
  OAUTH_AUTHORIZE_PATH,
  looksLikeAccessToken,
  type AuthClient,
  type LoginMethod,
  type LoginTarget,
  type PlatformLogin,
} from './login.types';

// H5 runs in four places: a plain browser (SMS page), the WeChat browser (OAuth), a mini program
// web-view (the mini program's own login page) and our native apps (native login through the bridge).

interface MiniProgramBridge {
  miniProgram?: { navigateTo?: (options: { url: string }) => void };
}

function currentEnvironment(): Environment {
  return pageEnvironment(sessionStore.get(SESSION_KEYS.channel));
}

export function loginMethod(environment: Environment = currentEnvironment()): LoginMethod {
  if (environment.isNativeApp) return 'native';
  if (environment.isMiniprogram) return 'miniProgram';
  if (environment.isWechat) return 'oauth';
  return 'sms';
}

export function oauthAuthorizeUrl(redirect: string): string {
  return `${OAUTH_AUTHORIZE_PATH}${stringifyQuery({ redirect })}`;
}

/** The WeChat JS-SDK's mini program API, when the page runs in a mini program web-view and the SDK loaded. */
function miniProgramApi(): MiniProgramBridge['miniProgram'] | undefined {
  return (window as unknown as { wx?: MiniProgramBridge }).wx?.miniProgram;
}

export function leaveForEnvironmentLogin(target: LoginTarget): 'left' | 'stay' {
  const method = loginMethod();
  if (method === 'oauth') {
    window.location.assign(oauthAuthorizeUrl(target.redirect));
    return 'left';
  }
  const miniProgram = method === 'miniProgram' ? miniProgramApi() : undefined;
  if (miniProgram?.navigateTo) {
    miniProgram.navigateTo({ url: `/pages/login/index${stringifyQuery({ redirect: target.redirect, buyUrl: target.buyUrl })}` });
    return 'left';
  }
  return 'stay';
}

export async function startLogin(target: LoginTarget): Promise<void> {
  if (leaveForEnvironmentLogin(target) === 'left') return;
  // Native apps log in on the login page too: it asks the app first and offers SMS if the app cannot.
  await navigateToSpecUrl(specUrl('login', {}, { redirect: target.redirect, buyUrl: target.buyUrl }));
}

/**
 * Native login (docs/PRODUCT.md §4): the app owns the user's session. Ask it for the access token; when it has none,
 * let it run its own phone login (`verifyTelephone('bind')`) and ask again. The token becomes our
 * `xq_a_token` cookie, so the page and the requests the app delegates speak as that user.
 */
export async function nativeLogin(): Promise<boolean> {
  if (!nativeBridgePresent()) return false;
  // The bridge's code loads only here, inside an app (native-app.ts).
  const [{ bridge }, { TELEPHONE_VERIFY_TYPE }] = await Promise.all([import('./bridge'), import('./bridge-enums')]);
  const token = async (): Promise<string | null> => {
    try {
      const value = await bridge.getAccessToken();
      return looksLikeAccessToken(value) ? value : null;
    } catch {
      return null;
    }
  };
  let accessToken = await token();
  if (!accessToken) {
    try {
      const result = await bridge.verifyTelephone(TELEPHONE_VERIFY_TYPE.BIND);
      if (!result?.verified) return false;
    } catch {
      return false;
    }
    accessToken = await token();
  }
  if (!accessToken) return false;
  setCookie(ACCESS_TOKEN_COOKIE, accessToken, accessTokenCookieOptions());
  return true;
}

export async function miniProgramLoginCode(): Promise<string | null> {
  return null;
}

export function authClient(): AuthClient {
  const environment = currentEnvironment();
  if (environment.isNativeApp) return environment.isIOS ? AUTH_CLIENTS.nativeIos : AUTH_CLIENTS.nativeAndroid;
  return AUTH_CLIENTS.h5;
}

export const platformLogin: PlatformLogin = {
  loginMethod,
  startLogin,
  leaveForEnvironmentLogin,
  nativeLogin,
  miniProgramLoginCode,
  oauthAuthorizeUrl,
  authClient,
};
