import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackClient } from '../http/client-address';
import { ApiError, sendError } from '../http/envelope';
import { pathOf } from '../http/request-url';
import { ResultCode } from '../http/result-codes';

/** Development conveniences live under this prefix (absent with NODE_ENV=production). */
export const DEV_ROUTE_PREFIX = '/__dev/';

async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isLoopbackClient(request)) return;
  // For anyone else the route does not exist, exactly as on a production server.
  await sendError(
    request,
    reply,
    ApiError.of(ResultCode.NOT_FOUND, 'notFound', 404, { method: request.method, path: pathOf(request.url).slice(0, 200) }),
  );
}

/**
 * The development routes (`/__dev/*`: the SMS outbox, the business clock, the dev bank, the fake WeChat page) read
 * codes and move time and money for anyone who asks, so they answer only clients on this machine
 * (http/client-address.ts isLoopbackClient; docs/SECURITY.md "Development server"). Register before the routes.
 */
export function registerDevRouteGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DEV_ROUTE_PREFIX)) return;
    route.onRequest = [loopbackOnly, ...[route.onRequest ?? []].flat()];
  });
}
