// HTTP/1.1 written by hand on a TCP socket: what `inject` cannot send (absolute-form targets, dot segments as sent,
// broken chunked bodies). The server must be listening (app.listen on 127.0.0.1, port 0).
import net from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Parses the first response on a connection (Content-Length or chunked), as far as it arrived. */
export function parseAnswer(raw: string): RawAnswer {
  const head = raw.indexOf('\r\n\r\n');
  if (head < 0) return { status: 0, headers: {}, body: '', raw };
  const lines = raw.slice(0, head).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(head + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    let rest = body;
    for (;;) {
      const end = rest.indexOf('\r\n');
      const size = parseInt(rest.slice(0, end), 16);
      if (end < 0 || !Number.isFinite(size) || size === 0) break;
      decoded += rest.slice(end + 2, end + 2 + size);
      rest = rest.slice(end + 2 + size + 2);
    }
    body = decoded;
  } else if (headers['content-length'] !== undefined) {
    body = Buffer.from(body).subarray(0, Number(headers['content-length'])).toString();
  }
  return { status, headers, body, raw };
}

/**
 * Writes `parts` (pausing `gapMs` between them) and reads until the server closes the connection or `timeoutMs` (10 s by
 * default) passes. Send `Connection: close` to get the answer as soon as it is complete; `end` half-closes the connection after
 * the last part (a body cut short then ends instead of keeping the server waiting).
 */
export function rawRequest(
  port: number,
  parts: string | string[],
  opts: { gapMs?: number; timeoutMs?: number; end?: boolean } = {},
): Promise<RawAnswer> {
  const chunks = typeof parts === 'string' ? [parts] : parts;
  return new Promise((resolve) => {
    let raw = '';
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(raw));
    };
    const socket = net.connect(port, '127.0.0.1', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (opts.gapMs) await new Promise((r) => setTimeout(r, opts.gapMs));
      }
      if (opts.end && !socket.destroyed) socket.end();
    });
    const timer = setTimeout(finish, opts.timeoutMs ?? 10_000);
    socket.on('data', (data) => (raw += data.toString('utf8')));
    socket.on('close', finish);
    socket.on('error', finish);
  });
}

/** A complete request with a Content-Length body (or none), `Connection: close`. */
export function requestText(method: string, target: string, headers: Record<string, string> = {}, body = ''): string {
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body !== '' || method === 'POST') all['content-length'] = String(Buffer.byteLength(body));
  const head = Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `${method} ${target} HTTP/1.1\r\n${head}\r\n\r\n${body}`;
}
