import type { Transport, TransportRequest, TransportResponse, UploadRequest } from '@/platform/http-transport';

/** A scripted transport: records every request and answers with the next handler's response. */
export interface StubTransport extends Transport {
  requests: TransportRequest[];
  uploads: UploadRequest[];
  respond(handler: (req: TransportRequest) => TransportResponse | Promise<TransportResponse>): void;
  respondUpload(handler: (req: UploadRequest) => TransportResponse | Promise<TransportResponse>): void;
}

export function envelopeResponse(body: unknown, status = 200, headers: Record<string, string> = {}): TransportResponse {
  return { status, headers, data: body };
}

export function stubTransport(): StubTransport {
  let handler: (req: TransportRequest) => TransportResponse | Promise<TransportResponse> = () =>
    envelopeResponse({ result_code: 0, data: null });
  let uploadHandler: (req: UploadRequest) => TransportResponse | Promise<TransportResponse> = () =>
    envelopeResponse({ result_code: 0, data: null });
  const stub: StubTransport = {
    name: 'stub',
    requests: [],
    uploads: [],
    respond(next) {
      handler = next;
    },
    respondUpload(next) {
      uploadHandler = next;
    },
    request(req) {
      stub.requests.push(req);
      return Promise.resolve().then(() => handler(req));
    },
    upload(req) {
      stub.uploads.push(req);
      return Promise.resolve().then(() => uploadHandler(req));
    },
  };
  return stub;
}
