/** Facts about where the app runs that the network layer needs. */
export interface RuntimeHost {
  /** Host prefixed to API paths when no host is configured for their prefix ('' = same origin). */
  defaultApiHost(): string;
  /** True inside a web browser (H5), false in the mini program (docs/PRODUCT.md §9 config timeouts differ). */
  isBrowserRuntime(): boolean;
}
