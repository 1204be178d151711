import { BadRequestException, Controller, Get, Module, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { randomInt } from 'node:crypto';
import request from 'supertest';
import { PHOTO_MAX_BYTES } from '@colouring/domain';
import { ApiErrorFilter } from '../src/common/api-error.filter.js';
import { startTestApp } from './support/test-app.js';

// An address of its own per run, so the throttles count only this file's requests.
const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const REQUEST_ID = /^\S{8,}$/;

describe('error answers of the whole API', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    ({ app } = await startTestApp());
  });

  afterAll(async () => {
    await app.close();
  });

  const http = () => request(app.getHttpServer());

  it('answers a session lookup with an unknown magic code 404 session_not_found, with its message and request id', async () => {
    const res = await http().get('/api/sessions/current').set('X-Forwarded-For', ip()).set('X-Magic-Code', 'a'.repeat(64)).expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'session_not_found',
      message: 'Session not found',
      requestId: expect.stringMatching(REQUEST_ID),
    });
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
  });

  it('answers a route that does not exist 404 not_found', async () => {
    const res = await http().get('/api/no-such-route').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Cannot GET /api/no-such-route',
      requestId: expect.stringMatching(REQUEST_ID),
    });
  });

  it('answers a form with bad fields 400 validation_failed, one message per field and the first as the message', async () => {
    const res = await http()
      .post('/api/contact')
      .set('X-Forwarded-For', ip())
      .send({ email: 'not-an-email', category: 'Feedback', message: 'The pages were lovely, thank you' })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'Please enter a valid email address',
      requestId: expect.stringMatching(REQUEST_ID),
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('answers a body with a field the route does not take 400 validation_failed, naming it', async () => {
    const res = await http()
      .post('/api/sessions/restore')
      .set('X-Forwarded-For', ip())
      .send({ magicCode: 'a'.repeat(64), admin: true })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'property admin should not exist',
      requestId: expect.stringMatching(REQUEST_ID),
      errors: { admin: 'property admin should not exist' },
    });
  });

  it('answers the throttle 429 rate_limited once a caller is over its limit', async () => {
    const from = ip();
    // The contact form allows 5 a minute from one address; the bodies are refused, so nothing is written.
    for (let i = 0; i < 5; i++) await http().post('/api/contact').set('X-Forwarded-For', from).send({}).expect(400);
    const res = await http().post('/api/contact').set('X-Forwarded-For', from).send({}).expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      code: 'rate_limited',
      message: 'ThrottlerException: Too Many Requests',
      requestId: expect.stringMatching(REQUEST_ID),
    });
  });

  it('answers a photo over twice the limit 413 payload_too_large (multer stops it)', async () => {
    const res = await http()
      .post('/api/sessions')
      .set('X-Forwarded-For', ip())
      .field('childName', 'Lily')
      .field('email', 'parent@example.com')
      .attach('photo', Buffer.alloc(2 * PHOTO_MAX_BYTES + 1), { filename: 'big.jpg', contentType: 'image/jpeg' })
      .expect(413);
    expect(res.body).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'File too large',
      requestId: expect.stringMatching(REQUEST_ID),
    });
  });
});

@Controller('probe')
class ProbeController {
  @Get('named')
  named(): never {
    throw new BadRequestException({
      message: 'This voucher has expired.',
      code: 'voucher_unusable',
      errors: { voucherCode: 'This voucher has expired.' },
    });
  }

  @Get('unknown-code')
  unknownCode(): never {
    throw new NotFoundException({ message: 'Gone', code: 'NOT_FOUND' });
  }

  @Get('busy')
  busy(): never {
    throw new ServiceUnavailableException({ message: 'Every upload slot is taken', code: 'busy' });
  }

  @Get('crash')
  crash(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'secret')");
  }
}

@Module({ controllers: [ProbeController], providers: [{ provide: APP_FILTER, useClass: ApiErrorFilter }] })
class ProbeModule {}

describe('ApiErrorFilter, on errors the routes throw', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    const module = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    app = module.createNestApplication<NestExpressApplication>({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  const http = () => request(app.getHttpServer());

  it('keeps the code the thrown payload names, with its fields', async () => {
    const res = await http().get('/probe/named').expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'voucher_unusable',
      message: 'This voucher has expired.',
      requestId: '',
      errors: { voucherCode: 'This voucher has expired.' },
    });
    expect((await http().get('/probe/busy').expect(503)).body.code).toBe('busy');
  });

  it('replaces a code that is not one of ApiErrorCode by the status default', async () => {
    const res = await http().get('/probe/unknown-code').expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'not_found', message: 'Gone', requestId: '' });
  });

  it('answers an error that is not an HTTP one 500 internal, with the fallback message and nothing of the error', async () => {
    const res = await http().get('/probe/crash').expect(500);
    expect(res.body).toEqual({
      statusCode: 500,
      code: 'internal',
      message: 'Something went wrong. Please try again or contact support if the problem continues.',
      requestId: '',
    });
  });
});
