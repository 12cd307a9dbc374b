// The HTTP client side of the order benchmarks (bench/trading.mjs, bench/trading/load.mjs): one keep-alive
// connection per investor, form-encoded POST /djapi/order/buy with the session cookie, the XSRF header and the
// trade password RSA-encrypted to the server's key, as the app sends it (jsencrypt: PKCS#1 v1.5, base64).
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

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

/**
 * One keep-alive HTTP/1.1 connection written and read by hand, for the load generator (load.mjs): a request is one
 * prebuilt buffer, an answer is read by its content-length, and requests made while one is open wait their turn.
 * Node's `http` client cost the generator ~0.2 ms a request, CPU taken from the server it shares the machine with;
 * this costs a fraction. The server's answers are Fastify's: a status line, headers with content-length, a body.
 */
export function rawConnection({ host, port }) {
  let socket = null;
  let buffered = Buffer.alloc(0);
  const queue = [];
  let current = null;
  const fail = (error) => {
    for (const job of [current, ...queue.splice(0)])
      if (job) job.resolve({ status: 0, error: error.code ?? error.message, ms: job.elapsed() });
    current = null;
    socket = null;
    buffered = Buffer.alloc(0);
  };
  const parse = () => {
    while (current) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const status = Number(head.slice(9, 12));
      const body = buffered.toString('utf8', end + 4, end + 4 + length);
      buffered = buffered.subarray(end + 4 + length);
      const job = current;
      current = null;
      job.resolve({ status, body, ms: job.elapsed(), sentAt: job.sentAt, answeredAt: performance.now() });
      next();
    }
  };
  const connect = () => {
    socket = net.connect({ host, port });
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      parse();
    });
    socket.on('error', fail);
    socket.on('close', () => fail(Object.assign(new Error('closed'), { code: 'ECONNRESET' })));
  };
  const next = () => {
    if (current || queue.length === 0) return;
    current = queue.shift();
    if (!socket) connect();
    current.sentAt = performance.now();
    socket.write(current.bytes);
  };
  return {
    /** Sends `bytes` (a whole request); resolves with { status, body, ms } or { status: 0, error, ms }. */
    send(bytes, startedAt = performance.now()) {
      return new Promise((resolve) => {
        queue.push({ bytes, resolve, elapsed: () => performance.now() - startedAt });
        next();
      });
    },
    destroy() {
      socket?.destroy();
    },
  };
}

/** POST /djapi/order/buy as bytes, as buy() sends it (form, cookie, XSRF header). */
export function buyRequestBytes(investor, { fund, amount, requestId, encryptedPassword }) {
  const body = new URLSearchParams({
    fd_code: fund,
    amount,
    pay_method: 'bankcard',
    request_id: requestId,
    trade_password: encryptedPassword,
  }).toString();
  return Buffer.from(
    'POST /djapi/order/buy HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\n' +
      `cookie: xq_a_token=${investor.token}; XSRF-TOKEN=${XSRF}\r\nx-xsrf-token: ${XSRF}\r\naccept-language: zh-CN\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** An answer of POST /djapi/order/buy as buy() reports it. */
export function buyOutcome(res) {
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

const publicKeys = new Map();

/**
 * The trade password as the client sends it: RSA (PKCS#1 v1.5) to the server's public key, base64 — a new random
 * padding each time. The key is parsed once (an app holds it parsed too): parsing the PEM on every order cost the
 * generator more than the encryption.
 */
export function encryptPassword(publicKeyPem, password) {
  let key = publicKeys.get(publicKeyPem);
  if (!key) publicKeys.set(publicKeyPem, (key = createPublicKey(publicKeyPem)));
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');
}

/**
 * POST /djapi/order/buy for `investor` ({ token }), the password encrypted here or given encrypted
 * (`encryptedPassword`, made beforehand: each used once); resolves with { status, ms, resultCode, orderId, message }. */
export async function buy(agent, server, investor, { fund, amount, requestId, publicKeyPem, password, encryptedPassword }) {
  const body = new URLSearchParams({
    fd_code: fund,
    amount,
    pay_method: 'bankcard',
    request_id: requestId,
    trade_password: encryptedPassword ?? encryptPassword(publicKeyPem, password),
  }).toString();
  const cookie = `xq_a_token=${investor.token}; XSRF-TOKEN=${XSRF}`;
  const res = await request(agent, {
    ...server,
    method: 'POST',
    path: '/djapi/order/buy',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-xsrf-token': XSRF, 'accept-language': 'zh-CN' },
    body,
  });
  return buyOutcome(res);
}

/** Latency percentiles (ms) of a list of samples. */
export function percentiles(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  return { p50: at(50), p90: at(90), p99: at(99), max: at(100) };
}
