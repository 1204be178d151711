import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig, S3Settings } from '../config/config.js';

/**
 * Where generated files (PDFs) live: a local folder by default, or an S3-compatible bucket (STORAGE=s3) when web and
 * worker processes run on different machines. Keys are relative paths of lower-case letters, digits, '.', '_', '-' and '/' (e.g. `pdfs/<id>.pdf`).
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there; readers never see a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  /** Size in bytes. */
  size(key: string): Promise<number>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** The key names no stored file (read, stream and size throw it). */
export class StoredFileNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored file at ${key}`);
    this.name = 'StoredFileNotFound';
  }
}

const KEY_PATTERN = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/i;

/** Refuses keys that could leave the storage root or mean different files on different backends. */
export function checkStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..') || key.length > 512) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under one folder; a put writes a temporary file beside the target and renames it into place (atomic on one filesystem). */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = join(this.root, checkStorageKey(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path;
  }

  // The content type is implied by the key's extension locally; an object store keeps it as metadata.
  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw isMissing(error) ? new StoredFileNotFound(key) : error;
    }
  }

  async stream(key: string): Promise<Readable> {
    try {
      // Opened before answering, so a missing file is an error here rather than on the first read.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      throw isMissing(error) ? new StoredFileNotFound(key) : error;
    }
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      throw isMissing(error) ? new StoredFileNotFound(key) : error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** S3 names a missing key NoSuchKey when it answers with a body (GET), NotFound when it cannot (HEAD). */
const isMissingObject = (error: unknown): boolean => ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, ...), so that a PDF made by a worker on one machine is served by a
 * web process on another. A put is one PutObject: readers see the old object or the new one, never part of it.
 */
export class S3FileStorage implements FileStorage, OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // S3-compatible servers do not all know the SDK's newer default checksums; AWS S3 itself gets them.
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      // A store that does not answer fails the request (and the job is retried) rather than hanging it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkStorageKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  private async get(key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
    } catch (error) {
      throw isMissingObject(error) ? new StoredFileNotFound(key) : error;
    }
  }

  async read(key: string): Promise<Buffer> {
    const { Body } = await this.get(key);
    return Buffer.from(await Body!.transformToByteArray());
  }

  async stream(key: string): Promise<Readable> {
    // In Node the SDK's body is the HTTP response itself: bytes flow from the store as they are sent on.
    const { Body } = await this.get(key);
    return Body as Readable;
  }

  async size(key: string): Promise<number> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      throw isMissingObject(error) ? new StoredFileNotFound(key) : error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as FileStorage wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
  }

  /** Closes the client's kept-alive connections when the app shuts down. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}

/** The storage the configuration chooses: the bucket with STORAGE=s3, else the local folder `config.storageDir`. */
export function fileStorageFor(config: AppConfig): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.storageDir);
}

/** FILE_STORAGE for whoever stores or serves files. */
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: fileStorageFor }],
  exports: [FILE_STORAGE],
})
export class FileStorageModule {}
