import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { remixMiddleware } from './common/remix.js';
import { cspNonce, securityHeaders } from './common/security-headers.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import type { NextFunction, Request, Response } from 'express';
import { PHOTO_MESSAGES } from '@colouring/domain';

// A page form carries at most one photo (5 MB) and a few fields; Remix's own parser caps each part too.
const PAGE_BODY_LIMIT_BYTES = 7 * 1024 * 1024;

function refuseLargePageBodies(req: Request, res: Response, next: NextFunction): void {
  if (Number(req.headers['content-length'] ?? 0) > PAGE_BODY_LIMIT_BYTES) {
    res.status(413).type('text/plain').send(PHOTO_MESSAGES.tooLarge);
    return;
  }
  next();
}

export interface WebAppOptions {
  /** Serve the Remix pages (off in API-only tests). */
  pages: boolean;
  /** Vite in middleware mode with hot reload, for `npm run dev`. */
  devServer: boolean;
}

/** The HTTP side of the shop, ready to listen: security headers, Remix pages, then the Nest API under /api. */
export async function createWebApp(config: AppConfig, options: WebAppOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    rawBody: true,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', ['loopback', ...config.trustedProxies]);
  app.disable('x-powered-by');
  app.use(cspNonce, securityHeaders(config, options));
  // Pages first, so Nest's body parsers below only ever see /api requests.
  if (options.pages) app.use(refuseLargePageBodies, await remixMiddleware(config, options));
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '1mb' });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  const openApi = new DocumentBuilder()
    .setTitle('Colouring-page shop API')
    .setDescription('The public REST API behind the shop: catalogue, sessions, orders, payments and more.')
    .setVersion('1')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  app.enableShutdownHooks();
  return app;
}
