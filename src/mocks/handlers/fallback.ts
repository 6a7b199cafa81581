/**
 * What `/api/…` answers when no endpoint takes the request: never the app's HTML page. A path
 * that some endpoint serves with another method gets 405 with an `Allow` header naming the
 * methods it does serve; any other path gets 404. Both as JSON `{ errors: [message] }`.
 */
import { delay, http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw';
import type { ErrorsBody } from '../../api/types';

export const NOT_FOUND = 'Not found';
export const METHOD_NOT_ALLOWED = 'Method not allowed';

/**
 * `appBase` is the path the app is served from ('/' or a sub-path such as '/murmur/'): only
 * requests whose path starts with `${appBase}api/` are the API's. Anything else (the dev
 * server's `/src/api/client.ts`, say) is not, and passes by untouched.
 */
export function fallbackHandler(
  appBase: string,
  endpoints: readonly HttpHandler[],
  delayMs: number,
): HttpHandler {
  const apiPath = `${appBase.endsWith('/') ? appBase : `${appBase}/`}api`;
  const isApiRequest = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    return pathname === apiPath || pathname.startsWith(`${apiPath}/`);
  };
  return http.all(isApiRequest, async ({ request }) => {
    if (delayMs > 0) await delay(delayMs);
    const url = new URL(request.url);
    const allowed = endpoints
      .filter(
        ({ info }) => typeof info.path === 'string' && matchRequestUrl(url, info.path).matches,
      )
      .map(({ info }) => String(info.method));
    if (allowed.length === 0) {
      return HttpResponse.json({ errors: [NOT_FOUND] } satisfies ErrorsBody, { status: 404 });
    }
    return HttpResponse.json({ errors: [METHOD_NOT_ALLOWED] } satisfies ErrorsBody, {
      status: 405,
      headers: { allow: [...new Set(allowed)].sort().join(', ') },
    });
  });
}
