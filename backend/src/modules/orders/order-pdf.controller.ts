import { Controller, Get, Header, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CountedAccess, CurrentSession, MagicCodeGuard, type SessionRecord } from '../sessions/index.js';
import { OrderPdfService } from './order-pdf.service.js';

@ApiTags('pdf')
@Controller('sessions/current')
export class OrderPdfController {
  constructor(private readonly pdfs: OrderPdfService) {}

  /** The finished colouring book, as an attachment named after the child. */
  @Get('pdf')
  @UseGuards(MagicCodeGuard)
  @CountedAccess()
  @Header('Cache-Control', 'private, no-store')
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiHeader({ name: 'X-Magic-Code', required: true, description: "The session's magic code (64 hex characters)." })
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'Unknown or expired session, or the PDF is not ready yet.' })
  async download(@CurrentSession() session: SessionRecord): Promise<StreamableFile> {
    const file = await this.pdfs.openFor(session);
    return new StreamableFile(file.stream, {
      type: 'application/pdf',
      length: file.size,
      disposition: file.contentDisposition,
    });
  }
}
