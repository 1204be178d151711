import { Module } from '@nestjs/common';
import { FileStorageModule } from '../../infra/storage.js';
import { PdfFiles } from './pdf-files.service.js';

/** The printed PDFs in storage, for the download, the final email and the expiry. */
@Module({
  imports: [FileStorageModule],
  providers: [PdfFiles],
  exports: [PdfFiles],
})
export class PdfModule {}
