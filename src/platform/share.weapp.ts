import { useEffect, useMemo, useState } from 'react';
import { useShareAppMessage, useShareTimeline } from '@tarojs/taro';
import { specUrlToPage, stringifyQuery } from '@/lib/routes';
import { completeShare, effectiveShare, readSharePage, setShareSlot } from './share-content';
import type { EnableOpenTags, ShareContent, UseShare } from './share.types';

// The mini program shares from its own menu (every page has it: config/index.ts enables it at build time).
// The card opens this page again: its spec URL mapped to the page path with params (docs/PRODUCT.md §2.1: the share of a
// weapp page is the same public URL as on H5, as a mini program path).

export interface WeappShareMessage {
  title: string;
  path: string;
  imageUrl?: string;
}

/** The chat share card for `content`: the page path with its params, e.g. `/pages/fund/detail/index?fundcode=000001`. */
export function shareMessage(content: ShareContent): WeappShareMessage {
  return { title: content.title, path: specUrlToPage(content.path).url, ...(content.imgUrl ? { imageUrl: content.imgUrl } : {}) };
}

/** The Moments card: Moments reopen the current page, so only its query (params included) travels. */
export function timelineMessage(content: ShareContent): { title: string; query: string; imageUrl?: string } {
  return {
    title: content.title,
    query: stringifyQuery(specUrlToPage(content.path).query).replace(/^\?/, ''),
    ...(content.imgUrl ? { imageUrl: content.imgUrl } : {}),
  };
}

/** No-op on weapp (H5 records where a WeChat browser visit landed). */
export function captureLandingUrl(): void {}

export const useShare: UseShare = (input, options = {}) => {
  const [page] = useState(readSharePage);
  const pageKey = page.key;
  const content = completeShare(input, page.url);
  // Written during render: WeChat asks when the user opens the menu, which may come before any effect.
  const kind = options.fallback ? 'fallback' : 'own';
  setShareSlot(pageKey, kind, content);
  useEffect(() => () => setShareSlot(pageKey, kind, undefined), [pageKey, kind]);
  const current = (): ShareContent => effectiveShare(pageKey) ?? content;
  // Both the shell and a page may register these; each answers with the page's effective content.
  useShareAppMessage(() => shareMessage(current()));
  useShareTimeline(() => timelineMessage(current()));
  // A page cannot open the share sheet itself (a <Button openType="share"> does).
  return useMemo(() => ({ share: async () => false }), []);
};

export const enableOpenTags: EnableOpenTags = async () => false;
