import { Injectable, ServiceUnavailableException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { ApiErrorCode } from '@colouring/domain';

/**
 * How many photo uploads one web process holds at once. Each keeps its photo (up to 10 MB read, then the cropped copy) in
 * memory until the face check answers, up to 20 s; past this many, a new upload waits before a byte of it is read.
 */
export const MAX_UPLOADS_IN_PROGRESS = 8;
/**
 * How many uploads may wait for a slot, and how long each waits. A waiting upload's body is not read (the socket holds
 * its first few kilobytes), so a burst of parents costs seconds, not memory; past either, the upload is refused.
 */
export const MAX_UPLOADS_WAITING = 16;
export const UPLOAD_SLOT_WAIT_MS = 10_000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Caps the uploads in progress in this process. A guard runs before the file interceptor reads the body, so a waiting or
 * refused upload costs nothing; the slot is given back when the answer is over, however it ends, to the longest waiting
 * upload first. The message names the catalogue's 'Rate limit exceeded', which the pages show as 'Too many requests.
 * Please wait a moment and try again.'
 */
@Injectable()
export class UploadSlotsGuard implements CanActivate {
  private inProgress = 0;
  private readonly waiting: (() => void)[] = [];

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const response = context.switchToHttp().getResponse<Response>();
    if (this.inProgress >= MAX_UPLOADS_IN_PROGRESS) await this.waitForSlot(response);
    else this.inProgress += 1;
    response.once('close', () => this.release());
    return true;
  }

  /** Hands the slot to the longest waiting upload, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inProgress -= 1;
  }

  /** Resolves holding a slot passed on by `release`; throws the refusal when the queue is full or the wait is over. */
  private waitForSlot(response: Response): Promise<void> {
    if (this.waiting.length >= MAX_UPLOADS_WAITING) return Promise.reject(this.refusal(response));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const at = this.waiting.indexOf(handOver);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        response.off('close', leave);
      };
      const handOver = () => {
        leave();
        resolve();
      };
      const timer = setTimeout(() => {
        leave();
        reject(this.refusal(response));
      }, UPLOAD_SLOT_WAIT_MS);
      // A parent who gives up while waiting leaves the queue.
      response.once('close', leave);
      this.waiting.push(handOver);
    });
  }

  private refusal(response: Response): ServiceUnavailableException {
    response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return new ServiceUnavailableException({
      code: ApiErrorCode.Busy,
      message: 'Rate limit exceeded: too many uploads in progress, please try again in a moment',
    });
  }
}
