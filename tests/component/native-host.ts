// A native app of the family faked at the platform boundary (docs/BRIDGE.md): the fund app's user agent and a
// `DJBridge` message handler that records each message and answers it. Enter it after a screen's data has loaded
// (inside the app the data calls would go through the bridge too), then tap and read `posted`.

const FUND_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 danjuanfund/6.91.0 DJ/6910';

type Win = { DJBridge?: unknown; __djBridgeCallback?: (id: string, error: null, result: unknown) => void };

export interface PostedMessage {
  action: string;
  params: Record<string, unknown>;
}

export interface FakeNativeHost {
  /** Every message posted to the app, in order. */
  readonly posted: PostedMessage[];
  enter(): void;
  leave(): void;
}

export function fakeNativeHost(): FakeNativeHost {
  const win = window as unknown as Win;
  const realUserAgent = navigator.userAgent;
  const posted: PostedMessage[] = [];
  return {
    posted,
    enter() {
      Object.defineProperty(navigator, 'userAgent', { value: FUND_APP_UA, configurable: true });
      win.DJBridge = {
        postMessage(text: string) {
          const message = JSON.parse(text) as { id: string; action: string; params: Record<string, unknown> };
          posted.push({ action: message.action, params: message.params });
          setTimeout(() => win.__djBridgeCallback?.(message.id, null, null), 0);
        },
      };
    },
    leave() {
      delete win.DJBridge;
      Object.defineProperty(navigator, 'userAgent', { value: realUserAgent, configurable: true });
    },
  };
}

/** The `nav.open` message for a destination and its params, as the app receives it. */
export function opened(destination: string, params: Record<string, unknown> = {}): PostedMessage {
  return { action: 'nav.open', params: { destination, ...params } };
}
