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
