import Taro from '@tarojs/taro';
import type { Environment } from '@/lib/environment';
import { specUrl, stringifyQuery } from '@/lib/routes';
import { navigateToSpecUrl } from './navigation';
import { AUTH_CLIENTS, OAUTH_AUTHORIZE_PATH, type AuthClient, type LoginMethod, type LoginTarget, type PlatformLogin } from './login.types';

// The mini program logs in on its own login page (main package, pages/login/index): wx.login →
// code2session on our server, the phone-number button, or the SMS form.

export function loginMethod(_environment?: Environment): LoginMethod {
  return 'miniProgram';
}

export function oauthAuthorizeUrl(redirect: string): string {
  return `${OAUTH_AUTHORIZE_PATH}${stringifyQuery({ redirect })}`;
}

export async function startLogin(target: LoginTarget): Promise<void> {
  await navigateToSpecUrl(specUrl('login', {}, { redirect: target.redirect, buyUrl: target.buyUrl }));
}

export function leaveForEnvironmentLogin(_target: LoginTarget): 'left' | 'stay' {
  return 'stay';
}

export async function nativeLogin(): Promise<boolean> {
  return false;
}

export async function miniProgramLoginCode(): Promise<string | null> {
  try {
    const result = await Taro.login();
    return result.code || null;
  } catch {
    return null;
  }
}

export function authClient(): AuthClient {
  return AUTH_CLIENTS.weapp;
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
