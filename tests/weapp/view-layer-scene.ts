// The data the view-layer test draws: the real server in-process (a seeded market on the test clock, 2025-03-04) with
// an investor who holds a fund, has money in 现金宝 and an auto-invest plan, written through the API and confirmed by
// the jobs. The mini program (harness.ts, over wx.request) and the H5 build (Chromium, over HTTP) ask the same server.
import type { AddressInfo } from 'node:net';
import type { AipCreateAnswer } from '../../src/lib/api-types/auto-invest';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import { createTestApp, encryptForServer, type TestApp } from '../server/helpers';
import { TRADE_PASSWORD, advance, buy, createInvestor, newRequestId, post, type Investor } from '../server/trading-support';
import type { RequestHandler, WxRequest } from './wx-stub';

export interface Scene {
  server: TestApp;
  investor: Investor;
  planId: string;
  /** The fund the investor holds (the stock sample). */
  fund: string;
  /** Who the mini program's requests come from (null: nobody logged in). */
  identity: Investor | null;
  /** Answers the mini program's wx.request through the server (Fastify inject), as `identity`. */
  request: RequestHandler;
  /** wx.request calls not answered yet (the page is still loading). */
  inFlight(): number;
  /** The server over HTTP, for the H5 build in Chromium (listening after listen()). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createScene(): Promise<Scene> {
  const server = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00, frozen
  const investor = await createInvestor(server);
  const fund = FUND_SAMPLE_CODES.stock;
  const bought = await buy(server, investor, fund, '1000.00');
  if (bought.body.result_code !== 0) throw new Error(`buy: ${JSON.stringify(bought.body)}`);
  const deposited = await post(server, investor, '/djapi/xjb/deposit', {
    amount: '20000.00',
    request_id: newRequestId(),
    trade_password: encryptForServer(server, TRADE_PASSWORD),
  });
  if (deposited.body.result_code !== 0) throw new Error(`xjb deposit: ${JSON.stringify(deposited.body)}`);
  const plan = await post<AipCreateAnswer>(server, investor, '/djapi/aip/create', {
    fd_code: fund,
    amount: '500.00',
    cycle: 'monthly',
    cycle_day: '10',
    request_id: newRequestId(),
    trade_password: encryptForServer(server, TRADE_PASSWORD),
    risk_confirm: '1',
  });
  if (plan.body.result_code !== 0) throw new Error(`aip create: ${JSON.stringify(plan.body)}`);
  // A week on: the purchase and the deposit are confirmed, 现金宝 has paid income, the plan has run once (03-10).
  await advance(server, 7);

  let inFlight = 0;
  const scene: Scene = {
    server,
    investor,
    fund,
    planId: plan.body.data.plan_id,
    identity: investor,
    inFlight: () => inFlight,
    request: async (req: WxRequest) => {
      inFlight += 1;
      try {
        const url = req.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
        const method = (req.method || 'GET').toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const headers: Record<string, string> = { ...(req.header ?? {}) };
        delete headers.cookie;
        delete headers.Cookie;
        if (scene.identity) Object.assign(headers, scene.identity.headers);
        const res = await server.app.inject({
          method,
          url,
          headers,
          ...(method === 'GET' ? {} : { payload: typeof req.data === 'string' ? req.data : JSON.stringify(req.data ?? {}) }),
        });
        let data: unknown = res.body;
        try {
          data = JSON.parse(res.body) as unknown;
        } catch {
          // not JSON: handed over as text, as wx.request does
        }
        return { statusCode: res.statusCode, data, header: res.headers as Record<string, string> };
      } finally {
        inFlight -= 1;
      }
    },
    async listen() {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address() as AddressInfo;
      return `http://127.0.0.1:${address.port}`;
    },
    close: () => server.close(),
  };
  return scene;
}
