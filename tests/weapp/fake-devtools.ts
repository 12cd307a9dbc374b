// A stand-in for WeChat DevTools' automation WebSocket, backed by the plain-Node harness: it answers the
// few protocol methods the automator smoke script uses (Tool.getInfo, App.callWxMethod reLaunch,
// App.getCurrentPage, Page.getData, App.exit/Tool.close) and forwards the app's uncaught errors as
// App.exceptionThrown. It proves the script's own logic on Linux; it is not a substitute for DevTools.
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PageHandle, WeappHarness } from './harness';

interface ProtocolRequest {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

export interface FakeDevtools {
  wsEndpoint: string;
  /** Protocol methods received, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startFakeDevtools(harness: WeappHarness): Promise<FakeDevtools> {
  // DevTools has launched the app: its entry page is open before any automation call.
  if (harness.pages().length === 0) await harness.openPage(harness.appJson.pages[0] as string);
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: string[] = [];
  const pageIds = new Map<PageHandle, number>();
  let nextPageId = 1;
  const idOf = (page: PageHandle): number => {
    if (!pageIds.has(page)) pageIds.set(page, nextPageId++);
    return pageIds.get(page) as number;
  };
  const current = (): PageHandle | undefined => harness.pages()[harness.pages().length - 1];

  const handle = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'Tool.getInfo':
        return { SDKVersion: '3.3.4' };
      case 'App.enableLog':
      case 'App.exit':
      case 'Tool.close':
        return {};
      case 'App.callWxMethod': {
        const [options] = (params.args as { url?: string }[] | undefined) ?? [];
        if (params.method !== 'reLaunch' || !options?.url) throw new Error(`fake DevTools: ${String(params.method)} not supported`);
        for (const page of [...harness.pages()]) await harness.closePage(page);
        await harness.openPage(options.url);
        return { result: { errMsg: 'reLaunch:ok' } };
      }
      case 'App.getCurrentPage': {
        const page = current();
        if (!page) throw new Error('no current page');
        return { pageId: idOf(page), path: page.route, query: page.instance.options };
      }
      case 'Page.getData': {
        const page = [...pageIds.entries()].find(([, id]) => id === params.pageId)?.[0];
        if (!page) throw new Error(`no page ${String(params.pageId)}`);
        return { data: JSON.parse(JSON.stringify(page.instance.data)) as unknown };
      }
      default:
        throw new Error(`fake DevTools: ${method} not supported`);
    }
  };

  server.on('connection', (socket: WebSocket) => {
    let reported = harness.errors.length;
    const forwardErrors = setInterval(() => {
      for (; reported < harness.errors.length; reported += 1) {
        const e = harness.errors[reported];
        socket.send(
          JSON.stringify({ method: 'App.exceptionThrown', params: { message: String((e?.error as Error)?.message ?? e?.error) } }),
        );
      }
    }, 50);
    socket.on('close', () => clearInterval(forwardErrors));
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as ProtocolRequest;
      received.push(request.method);
      handle(request.method, request.params ?? {}).then(
        (result) => socket.send(JSON.stringify({ id: request.id, result })),
        (err: unknown) =>
          socket.send(JSON.stringify({ id: request.id, error: { message: err instanceof Error ? err.message : String(err) } })),
      );
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    wsEndpoint: `ws://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
