import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Brand } from '../../../../src/lib/brand';
import { brandMark, brandName } from '../../../../src/lib/brand';
import { detectEnvironment } from '../../../../src/lib/environment';
import { formatPercent, type FormatPercentOptions } from '../../../../src/lib/format';
import { signToneClass, signToneOfText } from '../../../../src/lib/sign-tone';
import { NAV_LINKS, hostDrawsTitleBar, isActiveLink, isHideHomeFlag, isHomeUrl } from '../../../../src/components/header/header-rules';
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES } from '../../../../src/components/language-switch/language-names';
import { tabOf } from '../../../../src/components/tab-bar/tab-bar-rules';
import { LOCALES, getLocale, registerMessages, setLocale, t, type Locale } from '../../../../src/locales/i18n';
import discoverMessages from '../../../../src/locales/messages/discover';
import homeMessages from '../../../../src/locales/messages/home';
import searchMessages from '../../../../src/locales/messages/search';

// What every server-drawn first paint is made of (issue 17): the page frame, the global header, the app's small
// parts (a number coloured by its sign, the risk disclosure, the pull-to-refresh wrapper), all with the app's own
// element structure and classes — a Taro <View> is a <div>, a <Text> a <span class="taro-text"> — so the page's
// stylesheets give each the size and place the app's will have. Texts come from the app's catalogue
// (src/locales), figures from its formatters (src/lib/format.ts), in the visitor's language.

/** Element id of the block; the app removes it (src/platform/boot-data.h5.ts). */
export const FIRST_PAINT_ELEMENT_ID = 'dj-first-paint';

/** Text for HTML element content and attribute values: every character that could end either is an entity. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The texts of the pages drawn here (the catalogue's core namespaces are always in).
for (const namespace of [discoverMessages, homeMessages, searchMessages]) registerMessages(namespace);

/** What a first paint knows of its visitor besides the page's answers. */
export interface PaintContext {
  locale: Locale;
  /** The operator's brand (the header's mark and name). */
  brand: Brand;
  userAgent: string;
  /** The page URL as requested (path + query). */
  url: string;
  query: Record<string, string>;
}

/**
 * Runs `draw` with the app's catalogue and formatters speaking `locale` (they read one current locale, as in the
 * app), and puts the previous one back. Synchronous, so no other request's drawing can interleave.
 */
export function inLocale<T>(locale: Locale, draw: () => T): T {
  const previous = getLocale();
  setLocale(locale);
  try {
    return draw();
  } finally {
    setLocale(previous);
  }
}

/** A Taro <Text>: `<span class="taro-text …">`. */
export function text(className: string, content: string): string {
  return `<span class="taro-text${className ? ` ${className}` : ''}">${escapeHtml(content)}</span>`;
}

/** components/percent-text: the formatted percentage, coloured by its sign. */
export function percentText(value: string | number | null | undefined, options: FormatPercentOptions = {}, extraClass = ''): string {
  const shown = formatPercent(value, options);
  return text(['percent-text', signToneClass(signToneOfText(shown)), extraClass].filter(Boolean).join(' '), shown);
}

/** components/risk-disclosure (with the past-performance line, as on every page drawn here). */
export function riskDisclosure(): string {
  return `<div class="risk-disclosure">${text('risk-disclosure__line', t('components.disclosure.risk'))}${text('risk-disclosure__line', t('components.disclosure.past'))}</div>`;
}

/** components/pull-refresh at rest: NutUI's PullToRefresh with its closed head around the content. */
export function pullRefresh(content: string): string {
  return (
    `<div class="nut-pulltorefresh pull-refresh nut-pulltorefresh-default"><div class="nut-pulltorefresh-head" style="height:0"></div>` +
    `<div class="nut-pulltorefresh-content">${content}</div></div>`
  );
}

const requireFromHere = createRequire(import.meta.url);
const iconMasks = new Map<string, string>();

/**
 * The mask of a NutUI icon as the app's <i class="nut-icon"> wears it: the icon's own image, read from the icon
 * package's module once. '' if it cannot be read (the icon then stays blank until the app draws it).
 */
export function nutIconStyle(name: string): string {
  if (!iconMasks.has(name)) {
    let style = '';
    try {
      const source = readFileSync(requireFromHere.resolve(`@nutui/icons-react-taro/dist/es/icons/${name}.js`), 'utf8');
      const svg = /svg64: "(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+)"/.exec(source)?.[1];
      if (svg)
        style = `background-color:currentcolor;mask:url(${svg}) 0 0/100% 100% no-repeat;-webkit-mask:url(${svg}) 0 0/100% 100% no-repeat`;
    } catch {
      style = '';
    }
    iconMasks.set(name, style);
  }
  const style = iconMasks.get(name) ?? '';
  return style ? ` style="${style}"` : '';
}

/** A NutUI icon (`<i class="nut-icon nut-icon-<name> …">`). */
export function nutIcon(name: string, className = ''): string {
  return `<i class="nut-icon nut-icon-${name}${className ? ` ${className}` : ''}"${nutIconStyle(name)}></i>`;
}

// The header's back arrow (components/header/header.h5.tsx).
const BACK_ARROW = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15.5 4 7.5 12l8 8"/></svg>';

/** How the page frame looks for this visitor: the rules of pages/shell/page-shell.tsx. */
function frameOf(ctx: PaintContext) {
  const environment = detectEnvironment(ctx.userAgent, { channel: ctx.query.channel ?? null, taroEnv: 'h5' });
  const hideHomeBtn = isHideHomeFlag(ctx.query.hideHomeBtn);
  const home = isHomeUrl(ctx.url);
  const tab = tabOf(ctx.url);
  const titled = !home && !hostDrawsTitleBar(environment);
  return {
    home,
    titled,
    hideHomeBtn,
    back: titled && tab === null && !hideHomeBtn,
    tabbed: tab !== null && !hideHomeBtn && !environment.isNativeApp && !environment.isMiniprogram,
    download: !environment.isThirdApp && !environment.isOwnApp,
  };
}

/**
 * The header's panel (components/header/header.h5.tsx) as a desktop shows it in its one row — the navigation, the
 * account part (empty: the visitor's session is the app's to read, as while it asks), the language switch, the
 * download box's title and customer service's button; the phone's menu hides it. The parts a desktop hides (the
 * download buttons that open on hover, customer service's title, the switch's full names) are left out.
 */
function headerPanel(ctx: PaintContext, frame: ReturnType<typeof frameOf>): string {
  // Links without their addresses: the block takes no input, and every byte here comes before the page's first paint.
  const link = (className: string, label: string) => `<a class="${className}">${escapeHtml(label)}</a>`;
  const links = NAV_LINKS.filter((nav) => !(frame.hideHomeBtn && nav.key === 'home')).map((nav) =>
    link(`dj-header__nav-link${isActiveLink(nav, ctx.url) ? ' dj-header__nav-link--active' : ''}`, t(nav.label)),
  );
  const choices = LOCALES.map(
    (locale) =>
      `<div class="language-switch__choice${locale === ctx.locale ? ' language-switch__choice--active' : ''}">` +
      `${text('language-switch__full', LANGUAGE_NAMES[locale])}${text('language-switch__short', LANGUAGE_SHORT_NAMES[locale])}</div>`,
  );
  return (
    `<div class="dj-header__panel"><nav class="dj-header__nav">${links.join('')}</nav><div class="dj-header__account"></div>` +
    `<div class="language-switch language-switch--row dj-header__language"><div class="language-switch__choices">${choices.join('')}</div></div>` +
    (frame.download
      ? `<div class="dj-header__box dj-header__download">${link('dj-header__box-title', t('shell.download.title'))}</div>`
      : '') +
    `<div class="dj-header__box dj-header__service">${link('dj-header__box-button', t('shell.service.open'))}</div></div>`
  );
}

/**
 * The global header (components/header/header.h5.tsx): its bar — back, mark, name or title, menu — and its panel,
 * so the app's stylesheet lays it out as the app's: the phone's bar, or the desktop's row in the page's column.
 */
function header(ctx: PaintContext, title: string | undefined, frame: ReturnType<typeof frameOf>, fullWidth: boolean): string {
  const name = brandName(ctx.brand, ctx.locale);
  const shownTitle = frame.titled ? title : undefined;
  const mark = ctx.brand.logo
    ? `<img class="dj-header__logo-mark" src="${escapeHtml(ctx.brand.logo)}" alt="" aria-hidden="true" width="28" height="28">`
    : `<span class="dj-header__logo-mark" aria-hidden="true">${escapeHtml(brandMark(ctx.brand, ctx.locale))}</span>`;
  return (
    `<header class="dj-header${fullWidth ? ' dj-header--full' : ''}${shownTitle ? ' dj-header--titled' : ''}"><div class="dj-header__bar">` +
    (frame.back ? `<button type="button" class="dj-header__back" tabindex="-1">${BACK_ARROW}</button>` : '') +
    `<a href="/" class="dj-header__logo" tabindex="-1">${mark}<span class="dj-header__logo-text">${escapeHtml(name)}</span></a>` +
    (shownTitle ? `<h1 class="dj-header__title">${escapeHtml(shownTitle)}</h1>` : '') +
    `<button type="button" class="dj-header__menu-button" tabindex="-1">${escapeHtml(t('shell.header.menu'))}</button>` +
    `</div>${headerPanel(ctx, frame)}</header>`
  );
}

// Position, cover and the line height the app's page text has (1.6, inherited there); the look comes from the app's
// own classes. Inline: the CSP allows page styles inline. Should the app never take over (a script that failed to
// load), the block steps aside after 15 s for whatever the app's root shows, rather than covering it for good.
// The header's link and buttons are the app's elements (their boxes come with them), out of the tab order: the
// block takes no input.
export const FIRST_PAINT_STYLE =
  `<style>#${FIRST_PAINT_ELEMENT_ID}{position:absolute;top:0;left:0;right:0;min-height:100vh;z-index:2147483000;pointer-events:none;line-height:1.6;` +
  `animation:dj-fp-out 0s 15s forwards}@keyframes dj-fp-out{to{visibility:hidden}}` +
  `#${FIRST_PAINT_ELEMENT_ID} .dj-fp-bar{display:block;height:.7em;margin:.9em 0 .2em;border-radius:.2em;background:#eef0f3;max-width:60%}` +
  `#${FIRST_PAINT_ELEMENT_ID} .dj-fp-bar--wide{max-width:100%;height:1.4em}</style>`;

/**
 * A whole first paint: the block over the app's root with the page frame (pages/shell/page-shell.tsx) — header,
 * then the body the page draws.
 */
export function pageFirstPaint(ctx: PaintContext, options: { title?: string; fullWidth?: boolean; body: string }): string {
  const frame = frameOf(ctx);
  const fullWidth = options.fullWidth ?? false;
  const shellClass = `page-shell${fullWidth ? ' page-shell--full' : ''}${frame.tabbed ? ' page-shell--tabbed' : ''}`;
  return (
    FIRST_PAINT_STYLE +
    `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true"><div class="${shellClass}">` +
    header(ctx, options.title, frame, fullWidth) +
    `<div class="page-shell__body">${options.body}</div></div></div>`
  );
}

/** The `data` of a successful API envelope, or undefined (a missing or failed answer draws no first paint). */
export function answerData<T>(answers: Record<string, unknown>, url: string): T | undefined {
  const envelope = answers[url] as { result_code?: unknown; data?: unknown } | undefined;
  if (!envelope || envelope.result_code !== 0 || envelope.data === null || envelope.data === undefined) return undefined;
  return envelope.data as T;
}
