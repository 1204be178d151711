import type { Request, RequestHandler } from 'express';

/** The REST API lives under /api; every other path is a page (or its assets). */
export const isApiRequest = (req: Request) => req.path === '/api' || req.path.startsWith('/api/');

/** A page layer: passes /api requests straight on to the API. */
export function skipApi(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isApiRequest(req) ? next() : handler(req, res, next));
}
