import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { compressPublicResponses } from '../src/common/compression.js';
import { startTestApp } from './support/test-app.js';

/** A GET asking for gzip, with the body as sent on the wire (supertest would decode it). */
async function rawGet(server: Server, path: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, resolve).on('error', reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { headers: res.headers, body: Buffer.concat(chunks) };
}

describe('compression of public responses', () => {
  // The middleware alone, on pages of 20 KB that differ only in their Cache-Control.
  const page = `<!doctype html><p>${'Colouring pages for Lily. '.repeat(800)}</p>`;
  const site = express()
    .use(compressPublicResponses)
    .get('/public', (_req, res) => res.set('Cache-Control', 'public, max-age=300').type('html').send(page))
    .get('/personal', (_req, res) => res.set('Cache-Control', 'private, no-store').type('html').send(page))
    .get('/no-secret', (_req, res) => res.set('Cache-Control', 'private, no-store, no-secret').type('html').send(page))
    .get('/unmarked', (_req, res) => res.type('html').send(page))
    .get('/small', (_req, res) => res.set('Cache-Control', 'public, max-age=300').type('html').send('<p>hi</p>'))
    .get('/pdf', (_req, res) => res.set('Cache-Control', 'public, max-age=300').type('application/pdf').send(Buffer.from(page)));

  const server = createServer(site);
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('gzips a public page for a browser that accepts it, to a fraction of its size', async () => {
    const { headers, body } = await rawGet(server, '/public');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toMatch(/Accept-Encoding/i);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it('gzips a personal page whose loader vouches it holds no secret (no-secret), still never cached', async () => {
    const { headers, body } = await rawGet(server, '/no-secret');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe('private, no-store, no-secret');
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it.each(['/personal', '/unmarked'])('leaves %s uncompressed: nothing personal is compressed (BREACH)', async (path) => {
    const { headers, body } = await rawGet(server, path);
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.toString()).toBe(page);
  });

  it('leaves small bodies, types that do not compress, and browsers that do not ask alone', async () => {
    for (const path of ['/small', '/pdf']) {
      const res = await request(site).get(path).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const plain = await request(site).get('/public').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  describe('in the app', () => {
    let app: NestExpressApplication;
    beforeAll(async () => {
      ({ app } = await startTestApp());
    });
    afterAll(async () => {
      await app.close();
    });

    it('gzips the public catalogue JSON (the middleware is in the app, before the API)', async () => {
      const catalogue = await rawGet(app.getHttpServer() as Server, '/api/catalogue');
      expect(catalogue.headers['content-encoding']).toBe('gzip');
      const json = JSON.parse(gunzipSync(catalogue.body).toString()) as { sceneCount: number };
      expect(json.sceneCount).toBeGreaterThan(0);
    });
  });
});
