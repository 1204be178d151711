import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { Server } from 'node:http';
import { WorkerAppModule } from './app.module.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { prepareDatabase } from './database/prepare.js';
import { createWebApp } from './web.js';

const bootLog = {
  info: (message: string) => console.log(JSON.stringify({ level: 'info', msg: message, time: Date.now() })),
  warn: (message: string) => console.warn(JSON.stringify({ level: 'warn', msg: message, time: Date.now() })),
};

async function startWorker(config: AppConfig): Promise<void> {
  const worker = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(config), { bufferLogs: true });
  worker.useLogger(worker.get(Logger));
  worker.enableShutdownHooks();
  await worker.init();
  bootLog.info('worker started: processing portrait, pdf, email and maintenance queues');
}

async function startWeb(config: AppConfig): Promise<void> {
  const devServer = process.env.VITE_DEV === '1' && !config.isProduction;
  const app = await createWebApp(config, { pages: true, devServer });
  // Development listens on loopback only: its free orders and open mailbox must not reach the network.
  await (config.listenHost ? app.listen(config.port, config.listenHost) : app.listen(config.port));
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  // On shutdown idle keep-alive sockets close at once, while server.close() lets requests in flight finish.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.closeIdleConnections());
  bootLog.info(`shop listening on ${config.publicUrl} (role ${config.role})`);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await prepareDatabase(config, bootLog);
  if (config.role === 'worker') await startWorker(config);
  else await startWeb(config);
}

main().catch((error: unknown) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'start failed', err: error instanceof Error ? error.stack : String(error) }));
  process.exit(1);
});
