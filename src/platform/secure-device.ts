import { t } from '@/locales/i18n';
import { DEVICE_INFO_CACHE_MS } from '@/lib/constants';
import { ensureCsprngReady, randomBytes } from '@/platform/csprng';
import type { Bytes } from './bytes';
import { base64ToBytes, bytesToBase64 } from './word-array';
import { decryptMessage, encryptMessage, generateRsaKeyPair } from './device-crypto';
import { post } from './http';
import { localStore } from './storage';
import { loadX25519 } from './x25519-loader';

/** docs/PRODUCT.md §3 device info, as the app uses it (the secret decoded to its 32 bytes). */
export interface DeviceInfo {
  deviceId: string;
  secret: Bytes;
}

/**
 * `POST /xqapi/ee2e/public_key_web` answer (docs/SECURITY.md "Key exchange"): to an X25519 key, the server's
 * ephemeral X25519 key and a key confirmation; to an RSA key (the fallback), the secret RSA-encrypted to it.
 */
interface KeyExchangeResponse {
  client_id: string;
  public_key: string;
  secret?: string;
  key_confirmation?: string;
}

/** Which exchange registers the device: X25519 wherever it can run, RSA (a key pair made here: seconds) otherwise. */
export type KeyExchangeKind = 'x25519' | 'rsa';

export type DeviceState = 'unknown' | 'registering' | 'registered' | 'notRegistered';

export const KEY_EXCHANGE_PATH = '/xqapi/ee2e/public_key_web';
/** Local storage: the device info, AES-encrypted with a per-install key kept beside it. */
const DEVICE_STORAGE_KEY = 'dj-secure-device';
const INSTALL_KEY_STORAGE_KEY = 'dj-install-key';

interface StoredDevice {
  device_id: string;
  secret: string;
  expiresAt: number;
}

let current: DeviceInfo | null = null;
let state: DeviceState = 'unknown';
let inFlight: Promise<DeviceInfo | null> | null = null;
let reRegisterTimer: ReturnType<typeof setTimeout> | undefined;
/** RSA key size; tests lower it so key generation does not dominate the run. */
let rsaKeyBits = 2048;
/** Tests force the RSA fallback (an engine without BigInt) with this. */
let forcedKind: KeyExchangeKind | null = null;
let lastKind: KeyExchangeKind | null = null;

export function deviceState(): DeviceState {
  return state;
}

export function setRsaKeyBitsForTests(bits: number): void {
  rsaKeyBits = bits;
}

export function forceKeyExchangeForTests(kind: KeyExchangeKind | null): void {
  forcedKind = kind;
}

/** The exchange the last registration used (tests, diagnostics). */
export function lastKeyExchangeKind(): KeyExchangeKind | null {
  return lastKind;
}

// The per-install key only keeps the secret from sitting in storage as plain text (see docs/SECURITY.md).
function installKey(): Bytes {
  const stored = localStore.getString(INSTALL_KEY_STORAGE_KEY);
  const decoded = stored ? base64ToBytes(stored) : null;
  if (decoded && decoded.length === 32) return decoded;
  const fresh = randomBytes(32);
  localStore.setString(INSTALL_KEY_STORAGE_KEY, bytesToBase64(fresh));
  return fresh;
}

function loadStoredDevice(): DeviceInfo | null {
  const sealed = localStore.getString(DEVICE_STORAGE_KEY);
  if (!sealed) return null;
  try {
    const stored = JSON.parse(decryptMessage(installKey(), sealed)) as StoredDevice;
    const secret = base64ToBytes(stored.secret);
    if (stored.expiresAt <= Date.now() || !secret || secret.length !== 32 || !stored.device_id) {
      localStore.remove(DEVICE_STORAGE_KEY);
      return null;
    }
    return { deviceId: stored.device_id, secret };
  } catch {
    localStore.remove(DEVICE_STORAGE_KEY); // unreadable (another install key, tampering): register again
    return null;
  }
}

function storeDevice(device: DeviceInfo): void {
  const stored: StoredDevice = {
    device_id: device.deviceId,
    secret: bytesToBase64(device.secret),
    expiresAt: Date.now() + DEVICE_INFO_CACHE_MS,
  };
  localStore.setString(DEVICE_STORAGE_KEY, encryptMessage(installKey(), JSON.stringify(stored)));
}

/** X25519: a fresh 32-byte private key, no key generation to wait for (milliseconds even on a slow phone). */
async function x25519Exchange(module: NonNullable<Awaited<ReturnType<typeof loadX25519>>>): Promise<DeviceInfo> {
  const exchange = module.startX25519Exchange(randomBytes(32));
  const answer = await post<KeyExchangeResponse>(KEY_EXCHANGE_PATH, { public_key: exchange.publicKeyPem }, { silent: true });
  if (!answer.client_id) throw new Error(t('platform.device.notRegistered'));
  return { deviceId: String(answer.client_id), secret: exchange.finish(answer) };
}

/** RSA (engines without BigInt): an RSA-2048 key pair made here, the secret sent back encrypted to it. */
async function rsaExchange(): Promise<DeviceInfo> {
  const keyPair = await generateRsaKeyPair(rsaKeyBits);
  const answer = await post<KeyExchangeResponse>(KEY_EXCHANGE_PATH, { public_key: keyPair.publicKeyPem }, { silent: true });
  const secret = keyPair.decrypt(answer.secret ?? '');
  if (secret.length !== 32 || !answer.client_id) throw new Error(t('platform.device.notRegistered'));
  return { deviceId: String(answer.client_id), secret };
}

async function keyExchange(): Promise<DeviceInfo | null> {
  state = 'registering';
  try {
    const module = forcedKind === 'rsa' ? null : await loadX25519();
    if (!module && forcedKind === 'x25519') throw new Error(t('platform.device.notRegistered'));
    lastKind = module ? 'x25519' : 'rsa';
    const device = module ? await x25519Exchange(module) : await rsaExchange();
    storeDevice(device);
    current = device;
    state = 'registered';
    return device;
  } catch {
    // docs/PRODUCT.md §4: failure leaves the device "not registered"; the next secure call tries again.
    current = null;
    state = 'notRegistered';
    return null;
  }
}

/** The registered device: from memory, then local storage (valid 2 days), else a key exchange. Null = not registered. */
export async function getDevice(): Promise<DeviceInfo | null> {
  if (current) return current;
  if (inFlight) return inFlight;
  inFlight = (async () => {
    await ensureCsprngReady();
    const stored = loadStoredDevice();
    if (stored) {
      current = stored;
      state = 'registered';
      return stored;
    }
    return keyExchange();
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Forgets the device and registers again, now or after `delayMs` (1.2 s after an undecryptable response). */
export function reRegisterDevice(delayMs = 0): Promise<DeviceInfo | null> {
  if (reRegisterTimer !== undefined) clearTimeout(reRegisterTimer);
  reRegisterTimer = undefined;
  const start = (): Promise<DeviceInfo | null> => {
    current = null;
    state = 'unknown';
    localStore.remove(DEVICE_STORAGE_KEY);
    return getDevice();
  };
  if (delayMs <= 0) return start();
  return new Promise((resolve) => {
    reRegisterTimer = setTimeout(() => {
      reRegisterTimer = undefined;
      resolve(start());
    }, delayMs);
  });
}

/** Drops the in-memory device (tests; a new launch does the same). */
export function forgetDeviceInMemory(): void {
  if (reRegisterTimer !== undefined) clearTimeout(reRegisterTimer);
  reRegisterTimer = undefined;
  current = null;
  inFlight = null;
  state = 'unknown';
}
