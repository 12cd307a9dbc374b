/** RSA-encrypts a secret (trade password, telephone) to the server's public key (PEM); base64 PKCS#1 v1.5. */
export type EncryptForServer = (publicKeyPem: string, text: string) => Promise<string>;
