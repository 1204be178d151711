import { StoredFileNotFound, type FileStorage } from '../../infra/storage.js';
import { pdfStorageKey } from '../pdf/book.js';

/** Injection token of the port through which the final email reaches a session's stored PDF. */
export const ORDER_PDF = Symbol('ORDER_PDF');

/** A stored PDF: its size is known before its bytes are read, so a large one is never loaded for nothing. */
export interface StoredPdf {
  size: number;
  read(): Promise<Buffer>;
}

/** Finds the PDF of a paid session in storage; bound to the storage adapter. Null when there is none. */
export interface OrderPdfSource {
  find(session: { id: string; pdfUrl: string | null }): Promise<StoredPdf | null>;
}

/** Emails carry the PDF only under this size; larger ones get the download link alone. */
export const EMAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The port over the file storage, where the PDF job keeps one PDF per session. */
export function storedOrderPdfs(storage: FileStorage): OrderPdfSource {
  return {
    async find(session) {
      const key = pdfStorageKey(session.id);
      try {
        return { size: await storage.size(key), read: () => storage.read(key) };
      } catch (error) {
        if (error instanceof StoredFileNotFound) return null;
        throw error;
      }
    },
  };
}
