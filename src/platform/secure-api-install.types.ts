/** Plugs the secure-API layer (docs/PRODUCT.md §7) into the http client; the app shell calls it once at launch. */
export type InstallSecureApi = () => void;
