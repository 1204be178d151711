import { Injectable, ServiceUnavailableException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { ApiErrorCode } from '@colouring/domain';

/**
 * How many photo uploads one web process holds at once. Each keeps its photo (up to 10 MB read, then the cropped copy) in
 * memory until the face check answers, up to 20 s; past this many, a new upload is refused before a byte of it is read.
 */
export const MAX_UPLOADS_IN_PROGRESS = 8;
const RETRY_AFTER_SECONDS = 5;

/**
 * Caps the uploads in progress in this process. A guard runs before the file interceptor reads the body, so a refused
 * upload costs nothing; the slot is given back when the answer is over, however it ends. The message names the catalogue's
 * 'Rate limit exceeded', which the pages show as 'Too many requests. Please wait a moment and try again.'
 */
@Injectable()
export class UploadSlotsGuard implements CanActivate {
  private inProgress = 0;

  canActivate(context: ExecutionContext): boolean {
    const response = context.switchToHttp().getResponse<Response>();
    if (this.inProgress >= MAX_UPLOADS_IN_PROGRESS) {
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new ServiceUnavailableException({
        code: ApiErrorCode.Busy,
        message: 'Rate limit exceeded: too many uploads in progress, please try again in a moment',
      });
    }
    this.inProgress += 1;
    response.once('close', () => (this.inProgress -= 1));
    return true;
  }
}
