import Taro from '@tarojs/taro';

// The mini program: WeChat's own language ("zh_CN", "en", …), the launch query's `lang`; no document to label.

export function deviceLanguages(): string[] {
  try {
    const info = (Taro.getAppBaseInfo?.() ?? Taro.getSystemInfoSync()) as { language?: string };
    return info.language ? [info.language.replace('_', '-')] : [];
  } catch {
    return [];
  }
}

export function launchLanguageParam(): string | null {
  try {
    const query = Taro.getLaunchOptionsSync().query as Record<string, string | undefined> | undefined;
    return query?.lang ?? null;
  } catch {
    return null;
  }
}

export function applyDocumentLanguage(_locale: string): void {
  // the mini program has no document
}
