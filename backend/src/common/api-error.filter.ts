import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiErrorCode, defaultErrorCode, FALLBACK_ERROR_MESSAGE, isApiErrorCode, type ApiErrorBody } from '@colouring/domain';

/**
 * The one place an error becomes an answer: `{ statusCode, code, message, requestId, errors? }` (the domain's ApiErrorBody),
 * never a stack. `code` is the one the thrown payload names (`new NotFoundException({ message, code })`) when it is one of
 * ApiErrorCode, else the status's default: a throttler's 429 is rate_limited, multer's 413 payload_too_large.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const requestId = String(request.id ?? '');
    const body = this.toBody(exception, requestId);
    // A busy refusal (uploads waiting past their time) is the shop protecting itself, not a failure to look into.
    if (body.code === ApiErrorCode.Busy) this.logger.warn({ requestId, code: body.code }, 'request refused: busy');
    else if (body.statusCode >= 500) this.logger.error({ err: exception, requestId }, 'request failed');
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, requestId: string): ApiErrorBody {
    if (!(exception instanceof HttpException)) {
      return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, code: ApiErrorCode.Internal, message: FALLBACK_ERROR_MESSAGE, requestId };
    }
    const statusCode = exception.getStatus();
    const payload = exception.getResponse();
    if (typeof payload === 'string') return { statusCode, code: defaultErrorCode(statusCode, false), message: payload, requestId };
    const { message, errors, code } = payload as { message?: unknown; errors?: Record<string, string>; code?: unknown };
    const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
    const hasFieldErrors = errors !== undefined && Object.keys(errors).length > 0;
    return {
      statusCode,
      code: isApiErrorCode(code) ? code : defaultErrorCode(statusCode, hasFieldErrors),
      message: text,
      requestId,
      ...(errors ? { errors } : {}),
    };
  }
}
