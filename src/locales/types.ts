export type Locale = 'zh-CN' | 'en-US';

/** One namespace of the catalogue: the same keys in every locale. */
export interface MessageNamespace {
  'zh-CN': Record<string, string>;
  'en-US': Record<string, string>;
}

export type MessageParams = Record<string, string | number>;
