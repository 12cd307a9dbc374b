/** Plugs the secure-API layer (SPEC §7) into the http client; the app shell calls it once at launch. */
export type InstallSecureApi = () => void;
