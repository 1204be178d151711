import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../src/config/config.js';
import { fileStorageFor, LocalFileStorage, S3FileStorage, StoredFileNotFound, type FileStorage } from '../src/infra/storage.js';
import { TestS3Server } from './support/s3-server.js';

const BUCKET = 'colouring-test';
const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const s3 = new TestS3Server(BUCKET);
let localRoot: string;

beforeAll(async () => {
  await s3.start();
  localRoot = mkdtempSync(join(tmpdir(), 'storage-test-'));
});

afterAll(async () => {
  await s3.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

function s3Storage(): S3FileStorage {
  return new S3FileStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: TestS3Server.credentials,
  });
}

// The same contract for both: whoever stores or serves files cannot tell which one the configuration chose.
describe.each([
  ['local folder', (): FileStorage => new LocalFileStorage(localRoot)],
  ['S3-compatible bucket', (): FileStorage => s3Storage()],
])('FileStorage: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });
  afterAll(() => (storage as Partial<S3FileStorage>).onModuleDestroy?.());

  // 300 KB of varied bytes: more than one network chunk, so a stream that stops early would show.
  const pdf = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));

  it('gives back what was put, by read, stream and size', async () => {
    await storage.put('pdfs/round-trip.pdf', pdf, 'application/pdf');
    expect((await storage.read('pdfs/round-trip.pdf')).equals(pdf)).toBe(true);
    expect((await bytesOf(await storage.stream('pdfs/round-trip.pdf'))).equals(pdf)).toBe(true);
    expect(await storage.size('pdfs/round-trip.pdf')).toBe(pdf.length);
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put('pdfs/replaced.pdf', Buffer.from('first version'), 'application/pdf');
    await storage.put('pdfs/replaced.pdf', Buffer.from('second'), 'application/pdf');
    expect((await storage.read('pdfs/replaced.pdf')).toString()).toBe('second');
    expect(await storage.size('pdfs/replaced.pdf')).toBe(6);
  });

  it('names a missing key with StoredFileNotFound from read, stream and size', async () => {
    await expect(storage.read('pdfs/never-made.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(storage.stream('pdfs/never-made.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(storage.size('pdfs/never-made.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await storage.put('pdfs/deleted.pdf', Buffer.from('bye'), 'application/pdf');
    await storage.delete('pdfs/deleted.pdf');
    await expect(storage.read('pdfs/deleted.pdf')).rejects.toBeInstanceOf(StoredFileNotFound);
    await expect(storage.delete('pdfs/deleted.pdf')).resolves.toBeUndefined();
  });

  it.each(['../outside.pdf', '/absolute.pdf', 'pdfs//double.pdf', 'pdfs/./here.pdf', 'pdfs/with space.pdf', ''])(
    'refuses the key %j before touching the store',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow('Invalid storage key');
      await expect(storage.read(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
    },
  );
});

describe('S3FileStorage against the S3-compatible server', () => {
  const client = () =>
    new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: TestS3Server.credentials });

  it('keeps the object in the bucket under its key, with its content type', async () => {
    const storage = s3Storage();
    await storage.put('pdfs/typed.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    storage.onModuleDestroy();
    const direct = client();
    const head = await direct.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'pdfs/typed.pdf' }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.ContentLength).toBe(8);
    const listed = await direct.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'pdfs/typed' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['pdfs/typed.pdf']);
    direct.destroy();
  });

  it('fails a request to a store that is not there with an error, not a missing file', async () => {
    // A port that accepts nothing: bound, then closed.
    const closed = await new Promise<number>((resolve) => {
      const server: Server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const storage = new S3FileStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${closed}`,
      forcePathStyle: true,
    });
    const failure = await storage.size('pdfs/anything.pdf').catch((error: unknown) => error);
    storage.onModuleDestroy();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StoredFileNotFound);
  });

  it('refuses to read from a bucket that does not exist rather than calling its files missing', async () => {
    const storage = new S3FileStorage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: TestS3Server.credentials,
    });
    const failure = await storage.read('pdfs/anything.pdf').catch((error: unknown) => error);
    storage.onModuleDestroy();
    expect((failure as Error).name).toBe('NoSuchBucket');
  });
});

describe('storage chosen by configuration', () => {
  it('is the local folder STORAGE_DIR by default', () => {
    const storage = fileStorageFor(loadConfig({ ...base, STORAGE_DIR: localRoot }));
    expect(storage).toBeInstanceOf(LocalFileStorage);
  });

  it('is the bucket with STORAGE=s3, and a file put through it is in the bucket', async () => {
    const storage = fileStorageFor(loadConfig({ ...base, ...s3.env() }));
    expect(storage).toBeInstanceOf(S3FileStorage);
    await storage.put('pdfs/configured.pdf', Buffer.from('from config'), 'application/pdf');
    const direct = s3Storage();
    expect((await direct.read('pdfs/configured.pdf')).toString()).toBe('from config');
    direct.onModuleDestroy();
    (storage as S3FileStorage).onModuleDestroy();
  });
});
