import type { MessageNamespace } from '../types';

// Share cards (src/platform/share*): the defaults a page's share falls back on.
export default {
  'zh-CN': {
    // The default brand's name; shares carry the configured one (src/platform/brand.ts).
    'share.appName': '澄观基金',
    'share.defaultDesc': '买基金，就上{name}',
  },
  'en-US': {
    'share.appName': 'Chengguan Funds',
    'share.defaultDesc': 'Mutual funds made simple, on {name}',
  },
} satisfies MessageNamespace;
