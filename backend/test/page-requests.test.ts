import { Agent, request, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  ACCESS_DENIED_MESSAGE,
  CATALOGUE_MESSAGES,
  EMAIL_MESSAGES,
  PHOTO_MESSAGES,
  SESSION_MESSAGES,
  userMessageFor,
} from '@colouring/domain';
import { resizedFixture } from './support/photos.js';
import { startPageApp } from './support/test-app.js';

const MB = 1024 * 1024;

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** Whether the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
  /** Body bytes the client had handed to its socket when the answer's headers arrived. */
  sentWhenAnswered: number;
  /** The most memory held in buffers (process.memoryUsage().arrayBuffers) while the request ran. */
  peakArrayBuffers: number;
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

const BOUNDARY = '----page-requests-test';

function partHead(part: Part): Buffer {
  const disposition =
    'filename' in part
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
      : `form-data; name="${part.name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
}

function multipart(parts: Part[]): Buffer {
  const chunks = parts.flatMap((part) => [partHead(part), 'filename' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n')]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * One request with node:http: `body` is written as it is (with its Content-Length), or, as a generator, chunked and with
 * backpressure until the server answers or the generator ends. The answer is read whole.
 */
function send(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: Buffer | Iterable<Buffer>; agent?: Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let peakArrayBuffers = process.memoryUsage().arrayBuffers;
    const sample = setInterval(() => (peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers)), 20);
    const body = options.body;
    const headers: OutgoingHttpHeaders = { ...options.headers };
    if (Buffer.isBuffer(body)) headers['content-length'] = body.length;
    const req: ClientRequest = request(
      `${baseUrl}${path}`,
      { method: options.method ?? 'POST', headers, agent: options.agent ?? false },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearInterval(sample);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: req.reusedSocket,
            sentWhenAnswered,
            peakArrayBuffers,
          });
        });
      },
    );
    // After an early answer the server may stop reading and close: the rest of our writing fails, which is expected.
    req.on('error', (error) => {
      clearInterval(sample);
      if (!answered) reject(error);
    });
    if (body === undefined) return void req.end();
    if (Buffer.isBuffer(body)) {
      sent = body.length;
      return void req.end(body);
    }
    const chunks = body[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (answered || req.destroyed) return void req.destroy();
        const next = chunks.next();
        if (next.done) return void req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

/** `total` bytes in 64 KiB pieces of one reused buffer, so the client itself holds no more than that. */
function* bytes(total: number, piece = Buffer.alloc(64 * 1024, 'a')): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += piece.length) yield piece;
}

describe('page requests: bodies and connections', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  let goodPhoto: Buffer;
  // Each test is its own client, so the per-client page limits never decide a test they are not about.
  const client = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

  beforeAll(async () => {
    ({ app, baseUrl } = await startPageApp());
    goodPhoto = await resizedFixture('astronaut.png', 400, 400);
    // Vite compiles each page on its first request: do that now, outside the timed requests.
    for (const path of ['/create', '/contact']) expect((await fetch(`${baseUrl}${path}`)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('answers the next request on the same connection at once after refusing an oversize upload early', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // 6.5 MB: under the page layer's limit, so the create page reads it and refuses the part at 6 MiB, before its end.
      const oversize = multipart([
        { name: 'childName', value: 'Lily' },
        { name: 'email', value: 'parent@example.com' },
        { name: 'photo', filename: 'big.png', type: 'image/png', data: Buffer.alloc(6.5 * MB, 1) },
      ]);
      const first = await send(baseUrl, '/create', { headers: { 'content-type': MULTIPART, ...client(1) }, body: oversize, agent });
      expect(first.status).toBe(400);
      expect(first.body).toContain(PHOTO_MESSAGES.tooLarge);

      const started = performance.now();
      const good = multipart([
        { name: 'childName', value: 'Lily' },
        { name: 'email', value: '' },
        { name: 'photo', filename: 'lily.png', type: 'image/png', data: goodPhoto },
      ]);
      const second = await send(baseUrl, '/create', { headers: { 'content-type': MULTIPART, ...client(1) }, body: good, agent });
      const seconds = (performance.now() - started) / 1000;
      expect(second.reusedSocket).toBe(true);
      expect(second.status).toBe(400);
      // The page read this whole request: it names the missing email, not a photo problem.
      expect(second.body).toContain(EMAIL_MESSAGES.required);
      expect(second.body).not.toContain(PHOTO_MESSAGES.tooLarge);
      expect(seconds).toBeLessThan(1);
    } finally {
      agent.destroy();
    }
  });

  it('refuses 100 MB sent chunked to /contact within the first few MB, with flat memory, and closes that connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = process.memoryUsage().arrayBuffers;
      const answer = await send(baseUrl, '/contact', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...client(2) },
        body: bytes(100 * MB),
        agent,
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toBe(userMessageFor('Validation failed'));
      // What the client had written includes what sat in the two kernels' socket buffers.
      expect(answer.sentWhenAnswered).toBeLessThan(16 * MB);
      expect(answer.peakArrayBuffers - before).toBeLessThan(16 * MB);
      process.stderr.write(
        `100 MB chunked to /contact: answered 413 after ${(answer.sentWhenAnswered / MB).toFixed(1)} MB sent; ` +
          `buffers grew ${((answer.peakArrayBuffers - before) / MB).toFixed(1)} MB at most\n`,
      );

      const next = await send(baseUrl, '/contact', { method: 'GET', headers: client(2), agent });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('refuses 40 parts of 5 MB to /create, chunked or with their length declared', async () => {
    const part = Buffer.alloc(5 * MB, 2);
    const forty = function* () {
      for (let n = 0; n < 40; n += 1) {
        yield partHead({ name: `photo${n}`, filename: `p${n}.png`, type: 'image/png', data: part });
        yield* bytes(part.length, part.subarray(0, 64 * 1024));
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    };
    const chunked = await send(baseUrl, '/create', { headers: { 'content-type': MULTIPART, ...client(3) }, body: forty() });
    expect(chunked.status).toBe(413);
    expect(chunked.body).toBe(PHOTO_MESSAGES.tooLarge);
    expect(chunked.sentWhenAnswered).toBeLessThan(24 * MB);

    // Declared, the length alone is refused: the server answers without waiting for the body.
    const declaredLength = 40 * (5 * MB + 200);
    const declared = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(`${baseUrl}/create`, {
        method: 'POST',
        headers: { 'content-type': MULTIPART, 'content-length': declaredLength, ...client(3) },
        agent: false,
      });
      req.on('response', (res) => {
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        req.destroy();
      });
      req.on('error', reject);
      req.write(partHead({ name: 'photo0', filename: 'p0.png', type: 'image/png', data: part }));
    });
    expect(declared).toEqual({ status: 413, connection: 'close' });
  });

  it('refuses a create form of many small parts before reading them all', async () => {
    const parts: Part[] = Array.from({ length: 200 }, (_, n) => ({ name: `field${n}`, value: 'x' }));
    const answer = await send(baseUrl, '/create', { headers: { 'content-type': MULTIPART, ...client(4) }, body: multipart(parts) });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(PHOTO_MESSAGES.validationFailed);
  });
});

describe('page requests: who may send them', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  const code = 'ab'.repeat(32);

  beforeAll(async () => {
    ({ app, baseUrl } = await startPageApp());
    expect((await fetch(`${baseUrl}/continue/${code}`)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  const restore = (headers: OutgoingHttpHeaders) =>
    send(baseUrl, `/continue/${code}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: Buffer.alloc(0),
    });

  it('refuses a cross-site form post to /continue/{code} (login CSRF) before the page acts on it', async () => {
    for (const headers of [
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as OutgoingHttpHeaders[]) {
      const answer = await restore({ ...headers, 'x-forwarded-for': '192.0.2.1' });
      expect(answer.status).toBe(403);
      expect(answer.body).toBe(ACCESS_DENIED_MESSAGE);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // The shop's own page, and a client that is no browser, reach the page: this code is unknown, so it says so.
    for (const headers of [{ origin: baseUrl, 'sec-fetch-site': 'same-origin' }, {}] as OutgoingHttpHeaders[]) {
      const answer = await restore({ ...headers, 'x-forwarded-for': '192.0.2.2' });
      expect(answer.status).toBe(404);
      expect(answer.body).toContain(SESSION_MESSAGES.notFoundOrExpired);
    }
  });

  it('limits each client to 10 uploads a minute at the create page, before the page reads them', async () => {
    const upload = (ip: string) =>
      send(baseUrl, '/create', { headers: { 'content-type': 'text/plain', 'x-forwarded-for': ip }, body: Buffer.from('not a form') });
    for (let n = 0; n < 10; n += 1) expect((await upload('192.0.2.10')).status).toBe(400);
    const limited = await upload('192.0.2.10');
    expect(limited.status).toBe(429);
    expect(limited.body).toBe(userMessageFor('Rate limit exceeded'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload('192.0.2.11')).status).toBe(400);
  });

  it('limits each client to 120 page actions a minute', async () => {
    // A code the page refuses itself (no API call), so only the page limit counts.
    const act = (ip: string) =>
      send(baseUrl, '/continue/not-a-code', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: Buffer.alloc(0),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 121; n += 1) statuses.push((await act('192.0.2.20')).status);
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await act('192.0.2.21')).status).toBe(404);
  });

  it("refuses a page action whose body has no Content-Type with 400, not the page's 500", async () => {
    const answer = await send(baseUrl, '/contact', { headers: { 'x-forwarded-for': '192.0.2.40' }, body: Buffer.from('email=a@b.c') });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(CATALOGUE_MESSAGES.badRequest);
    const typed = await send(baseUrl, '/contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.40' },
      body: Buffer.from('email=a@b.c'),
    });
    expect(typed.status).toBe(400);
    expect(typed.body).not.toBe(CATALOGUE_MESSAGES.badRequest);
  });

  it("answers the shop's own page over its limit with that page again and a toast, with and without JavaScript", async () => {
    const ip = '192.0.2.30';
    const act = (path: string, headers: OutgoingHttpHeaders = {}) =>
      send(baseUrl, path, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
        body: Buffer.alloc(0),
      });
    for (let n = 0; n < 120; n += 1) expect((await act('/continue/not-a-code')).status).toBe(404);
    // No browser (no Sec-Fetch-Site): the plain 429.
    expect((await act('/continue/not-a-code')).status).toBe(429);
    const browser = { 'sec-fetch-site': 'same-origin' };
    // A form without JavaScript: back to the page it came from (its query kept), the catalogue's words in the toast cookie.
    const document = await act('/checkout?session_id=cs_1&index', browser);
    expect(document.status).toBe(303);
    expect(document.headers.location).toBe('/checkout?session_id=cs_1');
    expect(Number(document.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(document.headers['set-cookie'])).toContain('cmi_toast=');
    // Remix's own fetch of the action (JavaScript on): the same redirect in Remix's format, which its client follows.
    const fetched = await act('/contact.data', browser);
    expect(fetched.status).toBe(202);
    expect(fetched.body).toContain('/contact');
    expect(fetched.body).toContain('redirect');
    expect(String(fetched.headers['set-cookie'])).toContain('cmi_toast=');
  });
});
