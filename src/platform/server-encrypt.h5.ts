import type { EncryptForServer } from './server-encrypt.types';

// jsencrypt and crypto-js (device-crypto) are fetched the first time a secret is encrypted, not on every
// page that merely knows the account API.
export const encryptForServer: EncryptForServer = async (publicKeyPem, text) =>
  (await import('./device-crypto')).rsaEncrypt(publicKeyPem, text);
