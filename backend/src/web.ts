import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { compressPublicResponses } from './common/compression.js';
import { skipApi } from './common/api-path.js';
import { limitPageBodies } from './common/page-body.js';
import { pageRateLimits, sameOriginPageActions, typedPageBodies } from './common/page-guards.js';
import { remixMiddleware } from './common/remix.js';
import { cspNonce, securityHeaders } from './common/security-headers.js';
import { createValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { RedisThrottlerStorage } from './infra/redis-throttler.storage.js';
import { AnalyticsService, recordPageViews } from './modules/analytics/index.js';

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
  app.use(cspNonce, securityHeaders(config, options), compressPublicResponses);
  // Pages first, so Nest's body parsers below only ever see /api requests.
  if (options.pages) {
    // Every page request: its body's limit, then cross-site and per-client refusals, before any page reads a byte;
    // then the server's own page views (docs/decisions/031), recorded once the page is answered, never delaying it.
    const guards = [
      limitPageBodies,
      sameOriginPageActions(config),
      pageRateLimits(app.get(RedisThrottlerStorage)),
      typedPageBodies,
      recordPageViews(app.get(AnalyticsService), config.publicUrl),
    ];
    app.use(...guards.map(skipApi), await remixMiddleware(config, options, app.getHttpServer()));
  }
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
