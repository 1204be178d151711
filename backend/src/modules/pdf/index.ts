// The PDF module's public surface: other modules import from here only.
export { contentDisposition, pdfFileName, pdfNameOf, type PdfName } from './book.js';
export {
  BookPrinter,
  PDF_FAILURE_MESSAGES,
  PdfFailure,
  safePdfError,
  type BookToPrint,
  type PrintProgress,
  type SceneToPrint,
} from './book-printer.service.js';
export { PdfFiles, type StoredPdf } from './pdf-files.service.js';
export { PdfModule } from './pdf.module.js';
export { PdfWorkerModule } from './pdf-worker.module.js';
