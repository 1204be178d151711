import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { WorkerAppModule } from '../src/app.module.js';
import { prepareDatabase } from '../src/database/prepare.js';
import { JobName, jobId, Jobs, QUEUES, QueueName, type Queues } from '../src/infra/jobs.js';
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
    // A slot no schedule makes (the schedule's slots are times), so this job is this test's own.
    const slot = -Date.now();
    expect(await worker.get(Jobs).add(JobName.PurgeStagedPhotos, { slot })).toBe(true);
    const job = await worker.get<Queues>(QUEUES)[QueueName.Maintenance].getJob(jobId(JobName.PurgeStagedPhotos, { slot }));
    await expect(job!.finished()).resolves.toEqual({ purged: expect.any(Number) });
  });
});
