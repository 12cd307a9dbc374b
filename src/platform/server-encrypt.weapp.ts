import { rsaEncrypt } from './device-crypto';
import type { EncryptForServer } from './server-encrypt.types';

// The mini program ships one package up front (no lazy chunks there).
export const encryptForServer: EncryptForServer = rsaEncrypt;
