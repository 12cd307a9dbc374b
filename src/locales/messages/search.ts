import type { MessageNamespace } from '../types';

// The fund search box (src/features/fund/search-box.tsx): home carries it, so its texts are apart from the fund page's.
export default {
  'zh-CN': {
    'search.placeholder': '搜索基金代码、名称或拼音首字母',
    'search.label': '搜索基金',
    'search.empty': '暂无相关内容，换个词试试吧~',
    'search.failed': '搜索失败，请稍后重试',
    'search.buy': '买入',
    'search.count': '共{count}只基金',
    'search.more': '查看更多（还有{count}只）',
    'search.loading': '加载中…',
    'search.retryMore': '加载失败，点击重试',
  },
  'en-US': {
    'search.placeholder': 'Search by fund code, name or pinyin initials',
    'search.label': 'Search funds',
    'search.empty': 'No relevant content found, try searching something else ~',
    'search.failed': 'Search failed, please retry later',
    'search.buy': 'Buy',
    'search.count': '{count} funds found',
    'search.more': 'Show more ({count} left)',
    'search.loading': 'Loading…',
    'search.retryMore': 'Loading failed, tap to retry',
  },
} satisfies MessageNamespace;
