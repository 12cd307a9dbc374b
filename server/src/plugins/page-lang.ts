import type { FastifyRequest } from 'fastify';
import { pickLocale, pickLocaleFrom, type Locale } from '../../../src/locales/i18n';

// The `<html lang>` of a page's HTML: the language the app will speak once it starts (src/platform/locale-preference.ts
// applyBootLocale), so a screen reader, the browser's translate offer and the first paint agree with it from the
// first byte. The same order as the app: an explicit `?lang=` wins, then the visitor's earlier choice (the `lang`
// cookie the app writes whenever it applies a language), then the browser's preferred languages (Accept-Language,
// as navigator.languages lists them), else zh-CN.

/** Accept-Language's tags, most preferred first (by q, ties in header order); q=0 ("not this") left out. */
function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The locale a page request will be shown in. */
export function pageLocale(request: FastifyRequest): Locale {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const requested = new URLSearchParams(search).get('lang'); // as the app reads location.search
  if (requested) return pickLocale(requested);
  const cookie = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.lang;
  if (cookie === 'zh-CN' || cookie === 'en-US') return cookie;
  return pickLocaleFrom(acceptedLanguages(request.headers['accept-language']));
}

/** `head` (index.html up to `</head>`) with its `<html>` tag's lang set to the request's locale. */
export function withPageLang(head: string, request: FastifyRequest): string {
  const locale = pageLocale(request);
  return head.replace(/<html\b([^>]*)>/i, (_whole, attributes: string) => {
    const rest = attributes.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/i, '');
    return `<html lang="${locale}"${rest}>`;
  });
}
