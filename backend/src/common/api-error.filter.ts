import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FALLBACK_ERROR_MESSAGE } from '@colouring/domain';

export interface ApiErrorBody {
  statusCode: number;
  message: string;
  requestId: string;
  /** Per-field messages, for forms. */
  errors?: Record<string, string>;
}

/** The one place an error becomes an answer: `{ statusCode, message, requestId }`, never a stack. */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const requestId = String(request.id ?? '');
    const body = this.toBody(exception, requestId);
    if (body.statusCode >= 500) this.logger.error({ err: exception, requestId }, 'request failed');
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, requestId: string): ApiErrorBody {
    if (!(exception instanceof HttpException)) {
      return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: FALLBACK_ERROR_MESSAGE, requestId };
    }
    const statusCode = exception.getStatus();
    const payload = exception.getResponse();
    if (typeof payload === 'string') return { statusCode, message: payload, requestId };
    const { message, errors } = payload as { message?: unknown; errors?: Record<string, string> };
    const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
    return { statusCode, message: text, requestId, ...(errors ? { errors } : {}) };
  }
}
