import { isAppId } from './app-registry';
import { bridge } from './bridge';
import type { Bridge } from './bridge.types';
import { TransportError } from './http-errors';
import { parseBody, type Transport } from './http-transport';
import { setTransport } from './http';

/**
 * Inside our native apps, requests are delegated to the app (SPEC §7): it adds the user's tokens and
 * cookies. The native side answers with the server's body; a native error rejects the request (SPEC §8).
 */
export function createBridgeTransport(target: Pick<Bridge, 'request'> = bridge): Transport {
  return {
    name: 'bridge',
    async request(req) {
      try {
        const body = await target.request<unknown>({
          url: req.url,
          type: req.method,
          data: req.data ?? {},
          need_write_token: req.needWriteToken,
          ...(isAppId(req.aid) ? { aid: req.aid } : {}),
        });
        return { status: 200, headers: {}, data: parseBody(body) };
      } catch (err) {
        const code = (err as { code?: string } | null)?.code;
        throw new TransportError(code === 'TIMEOUT' ? 'timeout' : 'network', String((err as Error)?.message ?? err));
      }
    },
  };
}

/** Switches the http client to the bridge when a native app is there to answer; returns whether it did. */
export function switchToBridgeTransportIfAvailable(target: Pick<Bridge, 'request' | 'isAvailable'> = bridge): boolean {
  if (!target.isAvailable()) return false;
  setTransport(createBridgeTransport(target));
  return true;
}
