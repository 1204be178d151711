import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from '@remix-run/node';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppConfig } from '../config/config.js';
import { skipApi } from './api-path.js';
import { PublicPageCache } from './page-cache.js';
import { pageBodyStream } from './page-body.js';

/** What every Remix loader and action receives from the server. */
export type RemixLoadContext = {
  clientIp: string;
  cspNonce: string;
};

const getLoadContext = (req: Request, res: Response): RemixLoadContext => ({
  clientIp: req.ip ?? '',
  cspNonce: String(res.locals.cspNonce ?? ''),
});

// The adapter below is @remix-run/express's (v2.17), except that a request's body comes through the page body gate.

function remixHeaders(incoming: Request['headers']): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(incoming)) {
    for (const value of Array.isArray(values) ? values : values ? [values] : []) headers.append(name, value);
  }
  return headers;
}

/** The web Request a page sees. */
function remixRequest(req: Request, res: Response, body: ReadableStream<Uint8Array> | undefined): globalThis.Request {
  // req.hostname has no port and respects "trust proxy"; the port comes from X-Forwarded-Host, else Host.
  const portOf = (header: string | undefined) => Number.parseInt(header?.split(':')[1] ?? '', 10);
  const forwardedPort = portOf(req.get('X-Forwarded-Host'));
  const hostPort = portOf(req.get('host'));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  // Loaders and actions are aborted once the answer is over: the client went away, or the page body gate answered first.
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  return new Request(url.href, {
    method: req.method,
    headers: remixHeaders(req.headers),
    signal: controller.signal,
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendRemixResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Serves one Remix build; a request's body reaches the page counted against its limit (see page-body.ts). With a cache,
 * public pages anyone may have are served again for a few seconds without being rendered (see page-cache.ts).
 */
function pageHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string | undefined, cache?: PublicPageCache): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const context = getLoadContext(req, res);
      const cacheable = cache !== undefined && PublicPageCache.applies(req);
      if (cacheable && cache.serve(req, res, context.cspNonce)) return;
      const body = pageBodyStream(req, res);
      const response = await handle(remixRequest(req, res, body), context);
      // The body was refused while the page read it: the refusal is the answer, and the page's is read to nowhere.
      if (res.headersSent) return void (await response.body?.pipeTo(new WritableStream()));
      const html = cacheable ? await cache.keep(req, response, context.cspNonce) : undefined;
      if (html === undefined) return void (await sendRemixResponse(res, response));
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      res.setHeader('X-Page-Cache', 'miss');
      res.end(html);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The Remix pages, served by this same process for every path outside /api.
 * Production serves the built app; development runs Vite in middleware mode with hot reload.
 */
export async function remixMiddleware(
  config: AppConfig,
  { devServer }: { devServer: boolean },
  httpServer: Server,
): Promise<RequestHandler> {
  const pages = express.Router();
  if (devServer) {
    const vite = await import('vite');
    const server = await vite.createServer({ root: join(config.frontendBuildDir, '..'), server: { middlewareMode: true } });
    // Vite's watcher and workers live as long as the HTTP server.
    httpServer.once('close', () => void server.close());
    pages.use(skipApi(server.middlewares as unknown as RequestHandler));
    pages.use(skipApi(pageHandler(() => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, config.env)));
    return pages;
  }
  const build = (await import(pathToFileURL(join(config.frontendBuildDir, 'server', 'index.js')).href)) as ServerBuild;
  const client = join(config.frontendBuildDir, 'client');
  pages.use('/assets', express.static(join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  pages.use(express.static(client, { maxAge: '1h', index: false }));
  pages.use(skipApi(pageHandler(build, config.env, new PublicPageCache())));
  return pages;
}
