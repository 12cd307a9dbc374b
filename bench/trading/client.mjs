// The HTTP client side of the order benchmarks (bench/trading.mjs, bench/trading/load.mjs): one keep-alive
// connection per investor, form-encoded POST /djapi/order/buy with the session cookie, the XSRF header and the
// trade password RSA-encrypted to the server's key, as the app sends it (jsencrypt: PKCS#1 v1.5, base64).
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';

export const XSRF = 'bench-xsrf-token';

/** One request on `agent`; never rejects: a failed request resolves with status 0 and the error's code. */
export function request(agent, { host, port, method, path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = http.request(
      {
        host,
        port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: elapsed() }));
        res.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message, ms: elapsed() }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message, ms: elapsed() }));
    req.end(body);
  });
}

/** A keep-alive agent holding one connection: an investor's requests go one after another on it. */
export const investorAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The trade password as the client sends it: RSA (PKCS#1 v1.5) to the server's public key, base64. */
export function encryptPassword(publicKeyPem, password) {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');
}

/** POST /djapi/order/buy for `investor` ({ token }); resolves with { status, ms, resultCode, orderId, message }. */
export async function buy(agent, server, investor, { fund, amount, requestId, publicKeyPem, password }) {
  const body = new URLSearchParams({
    fd_code: fund,
    amount,
    pay_method: 'bankcard',
    request_id: requestId,
    trade_password: encryptPassword(publicKeyPem, password),
  }).toString();
  const cookie = `xq_a_token=${investor.token}; XSRF-TOKEN=${XSRF}`;
  const res = await request(agent, {
    ...server,
    method: 'POST',
    path: '/djapi/order/buy',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-xsrf-token': XSRF, 'accept-language': 'zh-CN' },
    body,
  });
  if (res.status === 0) return { status: 0, ms: res.ms, resultCode: null, orderId: null, message: res.error };
  try {
    const answer = JSON.parse(res.body);
    return {
      status: res.status,
      ms: res.ms,
      resultCode: answer.result_code,
      orderId: answer.data?.order_id ?? null,
      message: answer.message ?? '',
    };
  } catch {
    return { status: res.status, ms: res.ms, resultCode: null, orderId: null, message: res.body.slice(0, 80) };
  }
}

/** Latency percentiles (ms) of a list of samples. */
export function percentiles(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { p50: at(50), p90: at(90), p99: at(99), max: at(100) };
}
