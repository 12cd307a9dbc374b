/** A page's own state kept in its address (screening filters), so a reload or a shared link shows the same. */
export interface PageQuery {
  /**
   * Sets (a string) or removes (undefined) these query parameters of the page's address without a navigation or
   * a new history entry; the other parameters (channel, …) stay. The mini program has no address: nothing happens.
   */
  replacePageQuery(changes: Record<string, string | undefined>): void;
}
