import { Buffer } from 'node:buffer';
import { TextDecoder as NodeTextDecoder } from 'node:util';
import { createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync } from 'node:crypto';
import { setLocale } from '@/locales/i18n';
import { hexToBytes } from '@/platform/bytes';
import { CryptoInputError, decryptMessage, encryptMessage } from '@/platform/device-crypto';
import { keyConfirmation, parseX25519PublicKey, startX25519Exchange, x25519, x25519PublicKeyPem } from '@/platform/x25519-exchange';
import { loadX25519 } from '@/platform/x25519-loader';
// The server's own code (node:crypto only): the client and the server agree through the real implementations.
import { SecureMessageError, agreeX25519, openMessage, parseClientPublicKey, sealMessage } from '../../server/src/services/secure-message';

// docs/SECURITY.md "Key exchange": X25519 (no RSA key made on the device), the device secret by HKDF-SHA256, a key
// confirmation, then the unchanged wire format.

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fresh = () => new Uint8Array(generateKeyPairSync('x25519').privateKey.export({ type: 'pkcs8', format: 'der' }).subarray(16));

/** The server's half, run by the server's own function for a new device id. */
function serverAnswer(publicKeyPem: string, deviceId = 'b6f3c2a4-2f3e-4f5a-9d1e-0a1b2c3d4e5f') {
  const agreement = agreeX25519(parseClientPublicKey(publicKeyPem), deviceId);
  return {
    answer: { client_id: deviceId, public_key: agreement.serverPublicKeyPem, key_confirmation: agreement.keyConfirmation },
    secret: agreement.secret,
  };
}

beforeAll(() => {
  setLocale('en-US');
  // jsdom has no TextDecoder; the server's openMessage (Node) uses it.
  (globalThis as { TextDecoder?: unknown }).TextDecoder ??= NodeTextDecoder;
});
afterAll(() => setLocale('zh-CN'));

describe('X25519 (noble Montgomery ladder with curve25519 parameters)', () => {
  it('RFC 7748 §5.2: the scalar multiplication vector', () => {
    const scalar = hexToBytes('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4');
    const u = hexToBytes('e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c');
    expect(hex(x25519().scalarMult(scalar, u))).toBe('c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552');
    // The caller's key is not clamped in place.
    expect(hex(scalar)).toBe('a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4');
  });

  it('RFC 7748 §6.1: Alice and Bob', () => {
    const alice = hexToBytes('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a');
    const bob = hexToBytes('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb');
    const alicePublic = x25519().getPublicKey(alice);
    const bobPublic = x25519().getPublicKey(bob);
    expect(hex(alicePublic)).toBe('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a');
    expect(hex(bobPublic)).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f');
    expect(hex(x25519().getSharedSecret(alice, bobPublic))).toBe(hex(x25519().getSharedSecret(bob, alicePublic)));
  });

  it('agrees with node:crypto on public keys and shared secrets', () => {
    for (let i = 0; i < 8; i += 1) {
      const mine = fresh();
      const theirs = generateKeyPairSync('x25519');
      const myNodeKey = createPrivateKey({
        key: Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), Buffer.from(mine)]),
        format: 'der',
        type: 'pkcs8',
      });
      const myPem = x25519PublicKeyPem(x25519().getPublicKey(mine));
      expect(myPem).toBe(createPublicKey(myNodeKey).export({ type: 'spki', format: 'pem' }));
      const theirPublic = parseX25519PublicKey(theirs.publicKey.export({ type: 'spki', format: 'pem' }) as string);
      expect(hex(x25519().getSharedSecret(mine, theirPublic))).toBe(
        diffieHellman({ privateKey: myNodeKey, publicKey: theirs.publicKey }).toString('hex'),
      );
    }
  });

  it('the loader gives the module where BigInt exists', async () => {
    expect(await loadX25519()).not.toBeNull();
  });
});

describe('key exchange: client ↔ server round trip', () => {
  it('both sides derive the same 32-byte secret, and messages go both ways in the wire format', () => {
    const exchange = startX25519Exchange(fresh());
    const { answer, secret } = serverAnswer(exchange.publicKeyPem);
    const clientSecret = exchange.finish(answer);
    expect(clientSecret).toHaveLength(32);
    expect(hex(clientSecret)).toBe(secret.toString('hex'));
    // client → server
    const request = encryptMessage(clientSecret, 'telephone=13800000000&areacode=86');
    expect(openMessage(secret, request)).toBe('telephone=13800000000&areacode=86');
    // server → client
    expect(decryptMessage(clientSecret, sealMessage(secret, '{"resend_after":30}'))).toBe('{"resend_after":30}');
  });

  it('the server answers a bare base64 DER key as well as PEM', () => {
    const exchange = startX25519Exchange(fresh());
    const der = exchange.publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const { answer, secret } = serverAnswer(der);
    expect(hex(exchange.finish(answer))).toBe(secret.toString('hex'));
  });

  it('a wrong MAC is refused on both sides, before anything is decrypted', () => {
    const exchange = startX25519Exchange(fresh());
    const { answer, secret } = serverAnswer(exchange.publicKeyPem);
    const clientSecret = exchange.finish(answer);
    const flip = (message: string, at: number) => {
      const raw = Buffer.from(message, 'base64');
      raw[at] ^= 1;
      return raw.toString('base64');
    };
    const toServer = encryptMessage(clientSecret, 'code=1234');
    expect(() => openMessage(secret, flip(toServer, Buffer.from(toServer, 'base64').length - 1))).toThrow(SecureMessageError);
    expect(() => openMessage(secret, flip(toServer, 20))).toThrow('message tag does not verify');
    const toClient = sealMessage(secret, '{"ok":true}');
    expect(() => decryptMessage(clientSecret, flip(toClient, 20))).toThrow(CryptoInputError);
    try {
      decryptMessage(clientSecret, flip(toClient, 0));
    } catch (error) {
      expect((error as CryptoInputError).failure).toBe('tampered');
    }
  });

  it('replay: an answer replayed to another exchange fails its key confirmation; the same key registered twice gets two secrets', () => {
    const first = startX25519Exchange(fresh());
    const recorded = serverAnswer(first.publicKeyPem);
    expect(() => startX25519Exchange(fresh()).finish(recorded.answer)).toThrow(CryptoInputError);
    // A replayed registration request (the same client key) gets a fresh server key: a new secret, never the old one.
    const again = serverAnswer(first.publicKeyPem);
    expect(again.secret.equals(recorded.secret)).toBe(false);
    expect(again.answer.public_key).not.toBe(recorded.answer.public_key);
    // A message of one device replayed under another device's secret does not open.
    const other = startX25519Exchange(fresh());
    const otherAnswer = serverAnswer(other.publicKeyPem);
    other.finish(otherAnswer.answer);
    const message = encryptMessage(first.finish(recorded.answer), 'telephone=13800000000');
    expect(() => openMessage(otherAnswer.secret, message)).toThrow(SecureMessageError);
  });

  it('an altered answer is refused: another client_id, another server key, a missing confirmation', () => {
    const exchange = startX25519Exchange(fresh());
    const { answer } = serverAnswer(exchange.publicKeyPem);
    const otherKey = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(() => exchange.finish({ ...answer, client_id: '00000000-0000-4000-8000-000000000000' })).toThrow(CryptoInputError);
    expect(() => exchange.finish({ ...answer, public_key: otherKey })).toThrow(CryptoInputError);
    expect(() => exchange.finish({ ...answer, key_confirmation: undefined })).toThrow(CryptoInputError);
    expect(() => exchange.finish({ ...answer, client_id: '' })).toThrow(CryptoInputError);
    expect(hex(exchange.finish(answer))).toHaveLength(64);
  });

  it('small-order and malformed server keys are refused by the client; the server refuses small-order client keys', () => {
    const exchange = startX25519Exchange(fresh());
    const zero = x25519PublicKeyPem(new Uint8Array(32));
    const one = x25519PublicKeyPem(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0)));
    for (const key of [zero, one]) {
      expect(() => exchange.finish({ client_id: 'x', public_key: key, key_confirmation: keyConfirmation(new Uint8Array(32)) })).toThrow(
        CryptoInputError,
      );
      expect(() => agreeX25519(parseClientPublicKey(key), 'x')).toThrow(SecureMessageError);
    }
    const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }) as string;
    for (const bad of [ed25519, 'x'.repeat(60), '', `${exchange.publicKeyPem}x`]) {
      expect(() => parseX25519PublicKey(bad)).toThrow(CryptoInputError);
    }
    expect(() => parseClientPublicKey(ed25519)).toThrow(SecureMessageError);
    expect(() => startX25519Exchange(new Uint8Array(31))).toThrow(CryptoInputError);
  });
});
