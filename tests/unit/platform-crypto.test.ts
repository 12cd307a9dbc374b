import { Buffer } from 'node:buffer';
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes as nodeRandomBytes,
} from 'node:crypto';
import { setLocale } from '@/locales/i18n';
import {
  CryptoInputError,
  aesCbcDecrypt,
  aesCbcEncrypt,
  decryptMessage,
  deriveMessageKeys,
  encryptMessage,
  generateRsaKeyPair,
  rsaEncrypt,
} from '@/platform/device-crypto';
import { HmacDrbg } from '@/platform/hmac-drbg';
import { base64ToBytes, bytesToBase64 } from '@/platform/word-array';

const secret = new Uint8Array(nodeRandomBytes(32));

// The wire format written with node:crypto only, as the server does (server/src/services/secure-message.ts).
function nodeSeal(key: Uint8Array, plaintext: string): string {
  const encKey = createHmac('sha256', key).update('dj-enc').digest();
  const macKey = createHmac('sha256', key).update('dj-mac').digest();
  const iv = nodeRandomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', encKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = createHmac('sha256', macKey).update(iv).update(ciphertext).digest();
  return Buffer.concat([iv, ciphertext, tag]).toString('base64');
}

function nodeOpen(key: Uint8Array, message: string): string {
  const encKey = createHmac('sha256', key).update('dj-enc').digest();
  const macKey = createHmac('sha256', key).update('dj-mac').digest();
  const raw = Buffer.from(message, 'base64');
  const iv = raw.subarray(0, 16);
  const ciphertext = raw.subarray(16, raw.length - 32);
  const tag = raw.subarray(raw.length - 32);
  expect(createHmac('sha256', macKey).update(iv).update(ciphertext).digest().equals(tag)).toBe(true);
  const decipher = createDecipheriv('aes-256-cbc', encKey, iv);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

afterEach(() => setLocale('zh-CN'));

describe('secure API wire format', () => {
  it('round-trips text, including Chinese and an empty body', () => {
    for (const text of ['telephone=13800000000&areacode=86', '{"name":"张三","amount":"100.00"}', '']) {
      expect(decryptMessage(secret, encryptMessage(secret, text))).toBe(text);
    }
  });

  it('uses a fresh IV each time', () => {
    expect(encryptMessage(secret, 'same')).not.toBe(encryptMessage(secret, 'same'));
  });

  it('derives encKey and macKey as HMAC-SHA256(secret, "dj-enc" / "dj-mac")', () => {
    const keys = deriveMessageKeys(secret);
    expect(Buffer.from(keys.encKey).equals(createHmac('sha256', secret).update('dj-enc').digest())).toBe(true);
    expect(Buffer.from(keys.macKey).equals(createHmac('sha256', secret).update('dj-mac').digest())).toBe(true);
  });

  it('decrypts a message produced with node:crypto (the server side)', () => {
    const text = '{"result":"已受理","amount":"1000.00"}';
    expect(decryptMessage(secret, nodeSeal(secret, text))).toBe(text);
  });

  it('produces messages node:crypto verifies and decrypts', () => {
    const text = 'code=1234&telephone=13800000000';
    expect(nodeOpen(secret, encryptMessage(secret, text))).toBe(text);
  });

  it('detects tampering anywhere (iv, ciphertext, tag) before decrypting', () => {
    const raw = base64ToBytes(encryptMessage(secret, 'amount=100.00'))!;
    for (const index of [0, 20, raw.length - 1]) {
      const forged = raw.slice();
      forged[index] ^= 1;
      expect(() => decryptMessage(secret, bytesToBase64(forged))).toThrow(expect.objectContaining({ failure: 'tampered' }));
    }
    const otherSecret = new Uint8Array(nodeRandomBytes(32));
    expect(() => decryptMessage(otherSecret, encryptMessage(secret, 'x'))).toThrow(CryptoInputError);
  });

  it('refuses malformed messages', () => {
    expect(() => decryptMessage(secret, 'not base64!')).toThrow(expect.objectContaining({ failure: 'invalidMessage' }));
    expect(() => decryptMessage(secret, bytesToBase64(new Uint8Array(40)))).toThrow(expect.objectContaining({ failure: 'invalidMessage' }));
  });
});

describe('helpers throw on an invalid key, IV, padding or public key (docs/PRODUCT.md §8)', () => {
  it('invalid key', () => {
    setLocale('en-US');
    expect(() => encryptMessage(new Uint8Array(16), 'x')).toThrow('Invalid key');
    expect(() => aesCbcEncrypt(new Uint8Array(31), new Uint8Array(16), new Uint8Array(1))).toThrow(
      expect.objectContaining({ failure: 'invalidKey' }),
    );
  });

  it('invalid IV', () => {
    setLocale('en-US');
    expect(() => aesCbcEncrypt(new Uint8Array(32), new Uint8Array(8), new Uint8Array(1))).toThrow('Invalid initialisation vector');
  });

  it('invalid padding', () => {
    const key = new Uint8Array(nodeRandomBytes(32));
    const iv = new Uint8Array(nodeRandomBytes(16));
    // A block whose plaintext ends in 0x00 is not PKCS#7.
    const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
    const bad = Buffer.concat([cipher.update(Buffer.alloc(16, 0)), cipher.final()]);
    expect(() => aesCbcDecrypt(key, iv, new Uint8Array(bad))).toThrow(expect.objectContaining({ failure: 'invalidPadding' }));
    expect(() => aesCbcDecrypt(key, iv, new Uint8Array(15))).toThrow(expect.objectContaining({ failure: 'invalidPadding' }));
  });

  it('invalid public key', async () => {
    await expect(rsaEncrypt('not a key', 'secret')).rejects.toMatchObject({ failure: 'invalidPublicKey' });
  });
});

describe('RSA with jsencrypt', () => {
  it('decrypts the 32-byte device secret that node:crypto encrypted with PKCS#1 v1.5 (the key exchange)', async () => {
    const pair = await generateRsaKeyPair(2048);
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    for (let i = 0; i < 3; i += 1) {
      const deviceSecret = nodeRandomBytes(32); // random bytes: includes bytes jsencrypt's UTF-8 decoding would mangle
      const ciphertext = publicEncrypt({ key: pair.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, deviceSecret).toString('base64');
      expect(Buffer.from(pair.decrypt(ciphertext)).equals(deviceSecret)).toBe(true);
    }
    expect(() => pair.decrypt(bytesToBase64(new Uint8Array(256).fill(7)))).toThrow(CryptoInputError);
  }, 60_000);

  it('encrypts text that node:crypto decrypts (e.g. a trade password)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const encrypted = await rsaEncrypt(publicKey, '135790 交易');
    // Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809): decrypt raw and check the padding ourselves.
    const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(encrypted, 'base64'));
    expect(block.length).toBe(256);
    expect([block[0], block[1]]).toEqual([0, 2]);
    const separator = block.indexOf(0, 2);
    expect(separator).toBeGreaterThanOrEqual(10); // at least 8 non-zero random padding bytes
    expect(block.subarray(2, separator).includes(0)).toBe(false);
    expect(block.subarray(separator + 1).toString('utf8')).toBe('135790 交易');
    expect(await rsaEncrypt(publicKey, '135790 交易')).not.toBe(encrypted); // random padding each time
  }, 30_000);
});

describe('HMAC_DRBG (the mini program CSPRNG)', () => {
  it('matches a NIST SP 800-90A HMAC_DRBG SHA-256 known answer', () => {
    // CAVP HMAC_DRBG.rsp, [SHA-256] [PredictionResistance = False] [EntropyInputLen = 256] [NonceLen = 128]
    // [PersonalizationStringLen = 0] [AdditionalInputLen = 0] [ReturnedBitsLen = 1024], COUNT = 0
    const entropy = Buffer.from('ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488', 'hex');
    const nonce = Buffer.from('659ba96c601dc69fc902940805ec0ca8', 'hex');
    const drbg = new HmacDrbg();
    drbg.reseed(new Uint8Array(Buffer.concat([entropy, nonce])));
    drbg.generate(128);
    const second = Buffer.from(drbg.generate(128)).toString('hex');
    expect(second).toBe(
      'e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc107694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8',
    );
  });

  it('refuses to produce bytes before it is seeded', () => {
    expect(() => new HmacDrbg().generate(1)).toThrow();
  });
});
