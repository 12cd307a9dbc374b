import type { Locale, MessageNamespace } from './types';
// Namespace imports: one line each (add yours here).
import account from './messages/account';
import activity from './messages/activity';
import advisory from './messages/advisory';
import aip from './messages/aip';
import cash from './messages/cash';
import common from './messages/common';
import components from './messages/components';
import demo from './messages/demo';
import discover from './messages/discover';
import fund from './messages/fund';
import home from './messages/home';
import legal from './messages/legal';
import pension from './messages/pension';
import platform from './messages/platform';
import search from './messages/search';
import share from './messages/share';
import shell from './messages/shell';
import trade from './messages/trade';

// Every namespace, merged: for the tests that check the catalogue as a whole. The app itself never imports this
// file: core texts are registered by i18n.ts, a feature's by `@/locales/<namespace>` (see i18n.ts).
// One entry per namespace; each namespace file is owned by the part of the app that speaks it.
const namespaces: MessageNamespace[] = [
  // Namespace entries: one line each (add yours here).
  account,
  activity,
  advisory,
  aip,
  cash,
  common,
  components,
  demo,
  discover,
  fund,
  home,
  legal,
  pension,
  platform,
  search,
  share,
  shell,
  trade,
];

function merge(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ns of namespaces) Object.assign(out, ns[locale]);
  return out;
}

export const catalogue: Record<Locale, Record<string, string>> = {
  'zh-CN': merge('zh-CN'),
  'en-US': merge('en-US'),
};

/** Every namespace, for the completeness test. */
export const allNamespaces: readonly MessageNamespace[] = namespaces;
