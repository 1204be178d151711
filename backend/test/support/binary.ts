import type { Response } from 'superagent';

/** A supertest parser that keeps the body as bytes (a PDF): `.buffer(true).parse(binaryBody)`. */
export function binaryBody(response: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const stream = response as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
