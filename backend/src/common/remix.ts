import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppConfig } from '../config/config.js';

/** What every Remix loader and action receives from the server. */
export type RemixLoadContext = {
  clientIp: string;
  cspNonce: string;
};

const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

function skipApi(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isApi(req) ? next() : handler(req, res, next));
}

const getLoadContext = (req: Request, res: Response): RemixLoadContext => ({
  clientIp: req.ip ?? '',
  cspNonce: String(res.locals.cspNonce ?? ''),
});

/**
 * The Remix pages, served by this same process for every path outside /api.
 * Production serves the built app; development runs Vite in middleware mode with hot reload.
 */
export async function remixMiddleware(config: AppConfig, { devServer }: { devServer: boolean }): Promise<RequestHandler> {
  const pages = express.Router();
  if (devServer) {
    const vite = await import('vite');
    const server = await vite.createServer({ root: join(config.frontendBuildDir, '..'), server: { middlewareMode: true } });
    pages.use(skipApi(server.middlewares as unknown as RequestHandler));
    pages.use(
      skipApi(
        createRequestHandler({
          build: () => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
          getLoadContext,
        }) as RequestHandler,
      ),
    );
    return pages;
  }
  const build = (await import(pathToFileURL(join(config.frontendBuildDir, 'server', 'index.js')).href)) as ServerBuild;
  const client = join(config.frontendBuildDir, 'client');
  pages.use('/assets', express.static(join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  pages.use(express.static(client, { maxAge: '1h', index: false }));
  pages.use(skipApi(createRequestHandler({ build, getLoadContext, mode: config.env }) as RequestHandler));
  return pages;
}
