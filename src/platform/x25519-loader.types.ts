/** Loads the X25519 exchange (it needs BigInt): resolves null where it cannot run, and the RSA exchange is used. */
export type LoadX25519 = () => Promise<typeof import('./x25519-exchange') | null>;
