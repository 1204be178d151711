import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';

/**
 * Where generated files (PDFs) live: a local folder by default; an S3-compatible bucket implements the same
 * interface. Keys are relative paths of lower-case letters, digits, '.', '_', '-' and '/' (e.g. `pdfs/<id>.pdf`).
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

/** FILE_STORAGE for whoever stores or serves files: the local folder `config.storageDir`. */
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FileStorage => new LocalFileStorage(config.storageDir),
    },
  ],
  exports: [FILE_STORAGE],
})
export class FileStorageModule {}
