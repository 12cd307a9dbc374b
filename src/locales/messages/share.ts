import type { MessageNamespace } from '../types';

// Share cards (src/platform/share*): the defaults a page's share falls back on.
export default {
  'zh-CN': {
    'share.appName': '蛋卷基金',
    'share.defaultDesc': '买基金，就上蛋卷基金',
  },
  'en-US': {
    'share.appName': 'Danjuan Funds',
    'share.defaultDesc': 'Mutual funds made simple, on Danjuan Funds',
  },
} satisfies MessageNamespace;
