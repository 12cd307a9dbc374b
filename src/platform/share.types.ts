/**
 * Sharing a page (docs/PRODUCT.md §2.1: people share the public URLs). One interface, two implementations: `share.h5.ts` (the WeChat
 * browser's JS-SDK share data and open tags, the native apps' share sheet through the bridge, nothing elsewhere) and
 * `share.weapp.ts` (the mini program's share menu). Imported as `@/platform/share`.
 */

/** What a page shares. */
export interface ShareContent {
  title: string;
  /** One line under the title in the share card. */
  desc: string;
  /** The page's spec URL, path and query (`/funding/000001?channel=x`): made absolute on H5, a page path on weapp. */
  path: string;
  /** Absolute image URL for the card; the host's default when absent. */
  imgUrl?: string;
}

/** What `useShare` takes: every field optional, the page shell's defaults fill the rest (its own URL, title). */
export type ShareInput = Partial<ShareContent>;

export interface UseShareOptions {
  /**
   * The page shell's defaults: they apply only while no `useShare` of the page itself says otherwise, whatever
   * order the hooks ran in.
   */
  fallback?: boolean;
}

export interface ShareHandle {
  /**
   * Opens a share sheet now, for a page's own share button: the native apps' (bridge `share`). Resolves false
   * where a page cannot start a share itself (the WeChat browser and the mini program share from their own menu).
   */
  share(): Promise<boolean>;
}

/** Registers this page's share content (re-applied whenever the page shows again) and returns its share action. */
export type UseShare = (input: ShareInput, options?: UseShareOptions) => ShareHandle;

/** Open tags (`wx-open-launch-app`, `wx-open-launch-weapp`) usable on this page: WeChat browser only. */
export type EnableOpenTags = () => Promise<boolean>;
