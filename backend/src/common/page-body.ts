import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { ApiErrorCode, PHOTO_MESSAGES, userMessageForCode } from '@colouring/domain';

/** A page form with a photo: the photo (5 MB) and a few fields; only /create sends one. */
export const MULTIPART_PAGE_BODY_LIMIT_BYTES = 7 * 1024 * 1024;
/** Every other page form is a few fields of text; the longest, a contact message, is 5,000 characters. */
export const FORM_PAGE_BODY_LIMIT_BYTES = 256 * 1024;
/** After refusing a body, how long its sender may go on sending (read and dropped) before the connection is cut. */
const LINGER_MS = 2000;

const isMultipart = (req: Request) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/** The most a page request may send. */
export function pageBodyLimit(req: Request): number {
  return isMultipart(req) ? MULTIPART_PAGE_BODY_LIMIT_BYTES : FORM_PAGE_BODY_LIMIT_BYTES;
}

function tooLargeMessage(req: Request): string {
  return isMultipart(req) ? PHOTO_MESSAGES.tooLarge : userMessageForCode(ApiErrorCode.ValidationFailed);
}

/**
 * Closes the connection politely (RFC 9112 §9.6): our answer goes out with a FIN, what the client still sends is read and
 * dropped until it closes too or LINGER_MS pass. Cutting at once would make the kernel answer the unread bytes with a reset,
 * which can destroy our answer before the client reads it.
 */
function lingerThenClose(socket: Socket, req: Request): void {
  req.removeAllListeners('data');
  req.resume();
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
}

/**
 * When the answer starts before the body has all arrived (a page refused it early, or this layer did), the connection must
 * not be left with the body's rest unread, or the next request on it waits behind it until the keep-alive timeout.
 * A rest we know is small (declared, and within the limit) is read and dropped and the connection kept; anything else
 * (chunked, or declared too large) gets `Connection: close` and a lingering close.
 */
function settleUnreadBody(req: Request, res: Response, limit: number): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!req.complete) {
      const declared = Number(req.headers['content-length']);
      const drainable = Number.isFinite(declared) && declared <= limit;
      if (drainable) {
        res.once('finish', () => {
          req.removeAllListeners('data');
          req.resume();
        });
      } else {
        res.setHeader('Connection', 'close');
        const socket = req.socket;
        // Node closes a `Connection: close` socket with destroySoon() once the answer is written: linger instead.
        socket.destroySoon = () => lingerThenClose(socket, req);
      }
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}

function refuse(req: Request, res: Response): void {
  if (res.headersSent) return;
  res.status(413).set('Connection', 'close').type('text/plain').send(tooLargeMessage(req));
}

/** The body was larger than the page layer allows; the page's own reading of it fails with this. */
export class PageBodyTooLargeError extends Error {
  constructor() {
    super('File too large');
    this.name = 'PageBodyTooLargeError';
  }
}

const hasBody = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD';

/**
 * The one gate every page request passes first. A declared length over the limit is answered 413 with `Connection: close`
 * before anything is read; whoever answers before the body has all arrived (a guard, a page, this gate) leaves the
 * connection fit for the next request (see settleUnreadBody); the body itself is counted as the page reads it
 * (pageBodyStream), since a chunked one declares no length.
 */
export function limitPageBodies(req: Request, res: Response, next: NextFunction): void {
  if (!hasBody(req)) return next();
  const limit = pageBodyLimit(req);
  settleUnreadBody(req, res, limit);
  if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(req, res);
  next();
}

/**
 * The body as the page reads it, counted: the moment it passes the limit the page's read fails, so no action runs on half
 * a form, and the client gets 413 with `Connection: close`. Undefined for a request without a body.
 */
export function pageBodyStream(req: Request, res: Response): ReadableStream<Uint8Array> | undefined {
  if (!hasBody(req)) return undefined;
  const limit = pageBodyLimit(req);
  let received = 0;
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: Error) => {
          detach();
          controller.error(error);
        };
        const onData = (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > limit) {
            fail(new PageBodyTooLargeError());
            refuse(req, res);
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        // The client went away mid-body: the page must not act on what came so far.
        const onClose = () => fail(new Error('The request body ended early'));
        detach = () => req.off('data', onData).off('end', onEnd).off('error', fail).off('close', onClose);
        req.on('data', onData).once('end', onEnd).once('error', fail).once('close', onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
