import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { CACHE_NEVER } from './utils/cache';
import { NonceProvider } from './utils/nonce';

export const streamTimeout = 5_000;

// A response that sets a cookie is personal, and one no loader vouched for may be too: no cache keeps either.
function guardCaching(headers: Headers): void {
  if (headers.has('set-cookie') || !headers.has('cache-control')) headers.set('Cache-Control', CACHE_NEVER);
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  guardCaching(response.headers);
  return response;
};

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * Every page is whole without its scripts (they only enhance it), so they are fetched at low priority: on a slow phone the
 * stylesheets and the headings' font get the bandwidth first and the page paints sooner (decision 018). Remix's
 * `<Scripts>` writes the module preloads with no way to say so; this adds `fetchpriority="low"` to each as the HTML
 * streams out. A tag may straddle two chunks, so the end of a chunk that could begin one waits for the next.
 */
function lowPriorityScripts(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  const rewrite = (text: string) => text.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = held + decoder.write(chunk);
      const keep = text.lastIndexOf('<');
      const split = keep >= 0 && MODULE_PRELOAD.startsWith(text.slice(keep)) ? keep : text.length;
      held = text.slice(split);
      done(null, rewrite(text.slice(0, split)));
    },
    flush(done) {
      done(null, rewrite(held + decoder.end()));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  guardCaching(responseHeaders);
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;

  const nonce = loadContext.cspNonce ?? '';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce || undefined,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        const body = lowPriorityScripts();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are logged by Remix itself.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}
