import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { BROWSER_POOL_OPTIONS, BrowserPool, DEFAULT_BROWSER_POOL_OPTIONS, type BrowserPoolOptions } from '../../infra/browser-pool.js';
import { FileStorageModule } from '../../infra/storage.js';
import { SecurityAlertsModule } from '../security/security-alerts.module.js';
import { SessionRecordsModule } from '../sessions/session-records.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ARTWORK_PAGE_COMPOSER, PAGE_COMPOSER } from './book.js';
import { BookPrinter } from './book-printer.service.js';
import { PdfProcessor } from './pdf.processor.js';

/** The worker side: the pdf queue's processor and the worker's one Chromium. */
@Module({
  imports: [FileStorageModule, SecurityAlertsModule, SessionRecordsModule, UploadsModule],
  providers: [
    {
      provide: BROWSER_POOL_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): BrowserPoolOptions => ({ ...DEFAULT_BROWSER_POOL_OPTIONS, executablePath: config.chromiumPath }),
    },
    BrowserPool,
    { provide: PAGE_COMPOSER, useValue: ARTWORK_PAGE_COMPOSER },
    BookPrinter,
    PdfProcessor,
  ],
  exports: [BrowserPool, BookPrinter],
})
export class PdfWorkerModule {}
