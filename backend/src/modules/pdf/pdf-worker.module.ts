import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { BROWSER_POOL_OPTIONS, BrowserPool, DEFAULT_BROWSER_POOL_OPTIONS, type BrowserPoolOptions } from '../../infra/browser-pool.js';
import { ARTWORK_PAGE_COMPOSER, PAGE_COMPOSER } from './book.js';
import { BookPrinter } from './book-printer.service.js';
import { PdfModule } from './pdf.module.js';

/** The worker side: the book printer and the worker's one Chromium. */
@Module({
  imports: [PdfModule],
  providers: [
    {
      provide: BROWSER_POOL_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): BrowserPoolOptions => ({ ...DEFAULT_BROWSER_POOL_OPTIONS, executablePath: config.chromiumPath }),
    },
    BrowserPool,
    { provide: PAGE_COMPOSER, useValue: ARTWORK_PAGE_COMPOSER },
    BookPrinter,
  ],
  exports: [PdfModule, BrowserPool, BookPrinter],
})
export class PdfWorkerModule {}
