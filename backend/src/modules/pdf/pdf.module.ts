import { Module } from '@nestjs/common';
import { SessionAccessModule } from '../sessions/session-access.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FileStorageModule } from '../../infra/storage.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { PdfController } from './pdf.controller.js';
import { PdfService } from './pdf.service.js';

/** The API side: the PDF's status for the session view, and the download. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity]), FileStorageModule, SessionAccessModule],
  controllers: [PdfController],
  providers: [PdfService],
  exports: [PdfService],
})
export class PdfModule {}
