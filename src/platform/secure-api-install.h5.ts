import { setSecureLayer, type SecureLayer } from './http';
import { isEncryptedResponse, isSecureApi, loadSecureApiList } from './secure-api-list';
import type { InstallSecureApi } from './secure-api-install.types';

// The crypto half (crypto-js, jsencrypt, device registration) is ~300 KB of script the first screen never
// needs: it is fetched the first time a listed call is made or an encrypted answer arrives.
let cryptoLayer: Promise<SecureLayer> | null = null;
const loadCryptoLayer = (): Promise<SecureLayer> => (cryptoLayer ??= import('./secure-api').then((module) => module.secureLayer));

/** Same behaviour as secure-api's layer; only which calls need it is decided here, without the crypto code. */
export const lazySecureLayer: SecureLayer = {
  async prepare(req, options) {
    // Only POSTs can be encrypted; the list is the mpaas config already loaded and cached by the light half.
    if (req.method !== 'POST' || !isSecureApi(await loadSecureApiList(), req.method, req.url)) return req;
    return (await loadCryptoLayer()).prepare(req, options);
  },
  async decode(res) {
    if (!isEncryptedResponse(res.headers)) return res;
    return (await loadCryptoLayer()).decode(res);
  },
  reRegister(reason) {
    void loadCryptoLayer().then((layer) => layer.reRegister(reason));
  },
};

export const installSecureApi: InstallSecureApi = () => setSecureLayer(lazySecureLayer);
