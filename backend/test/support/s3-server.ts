import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (npm s3rver) on a free loopback port, its objects in a scratch folder. */
export class TestS3Server {
  static readonly credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  private readonly directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  private readonly server: S3rver;
  endpoint = '';

  constructor(readonly bucket: string) {
    this.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: this.directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  }

  async start(): Promise<this> {
    const { port } = await this.server.run();
    this.endpoint = `http://127.0.0.1:${port}`;
    return this;
  }

  /** The environment that points the app's STORAGE at this server's bucket. */
  env(): Record<string, string> {
    return {
      STORAGE: 's3',
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_ACCESS_KEY_ID: TestS3Server.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: TestS3Server.credentials.secretAccessKey,
    };
  }

  async stop(): Promise<void> {
    await this.server.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
