import { installSecureApi as install } from './secure-api';
import type { InstallSecureApi } from './secure-api-install.types';

// The mini program ships one package up front: the crypto layer is simply installed (no lazy chunks there).
export const installSecureApi: InstallSecureApi = install;
