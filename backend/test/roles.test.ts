import { getQueueToken } from '@nestjs/bull';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bull';
import { WorkerAppModule } from '../src/app.module.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { MaintenanceJob, QueueName } from '../src/modules/jobs/queues.js';
import { testConfig } from './support/test-app.js';

describe('ROLE=worker', () => {
  let worker: INestApplicationContext;

  beforeAll(async () => {
    const config = testConfig({ ROLE: 'worker' });
    await prepareDatabase(config, { info: () => {}, warn: () => {} });
    worker = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(config), { logger: false });
    await worker.init();
  });

  afterAll(async () => {
    await worker.close();
  });

  it('runs the queue processors without any HTTP server', async () => {
    expect('getHttpServer' in worker).toBe(false);
    const queue = worker.get<Queue>(getQueueToken(QueueName.Maintenance));
    const job = await queue.add(MaintenanceJob.PurgeStagedPhotos, {});
    await expect(job.finished()).resolves.toEqual({ purged: expect.any(Number) });
  });
});
