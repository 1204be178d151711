import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import type { AppConfig } from '../config/config.js';
import { maskMagicCodes } from './magic-code.js';

const INCOMING_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A URL fit for a log: no query string, and no magic code. */
export function loggableUrl(url: string | undefined): string {
  return maskMagicCodes((url ?? '').split('?')[0]);
}

// What a database error carries of the query's values: the parameters (a magic code's hash, an email), the
// driver's own copy of the error, and PostgreSQL's detail line ("Key (…)=(…) already exists").
const QUERY_VALUE_FIELDS = new Set(['parameters', 'driverError', 'detail']);

function scrubbed(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskMagicCodes(value);
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!QUERY_VALUE_FIELDS.has(key)) copy[key] = scrubbed(item, depth + 1);
  return copy;
}

/** An error fit for a log: pino's usual shape, causes included, without query values and with any 64-hex run masked. */
export function loggableError(error: unknown): unknown {
  return scrubbed(error instanceof Error ? stdSerializers.err(error) : error, 0);
}

/** JSON logs with a request id on every line; secrets, cookies, magic codes and bodies never logged. */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId(req: IncomingMessage, res: ServerResponse) {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: { paths: ['req.headers', 'res.headers', '*.password', '*.token', '*.apiKey', '*.magicCode'], remove: true },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        err: loggableError,
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
