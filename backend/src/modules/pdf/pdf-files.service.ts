import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { FILE_STORAGE, StoredFileNotFound, type FileStorage } from '../../infra/storage.js';

/** A stored PDF: its size is known before its bytes are read, so a large one is never loaded for nothing. */
export interface StoredPdf {
  size: number;
  read(): Promise<Buffer>;
  stream(): Promise<Readable>;
}

/** One PDF per order, under a key only this class knows: a repeated job replaces it. */
const keyOf = (orderId: string): string => `pdfs/${orderId}.pdf`;

/** The printed PDFs in file storage: the PDF module owns them, and every other module reaches them through here. */
@Injectable()
export class PdfFiles {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async store(orderId: string, pdf: Buffer): Promise<void> {
    await this.storage.put(keyOf(orderId), pdf, 'application/pdf');
  }

  /** The order's PDF, or null when storage has none. */
  async find(orderId: string): Promise<StoredPdf | null> {
    const key = keyOf(orderId);
    try {
      const size = await this.storage.size(key);
      return { size, read: () => this.storage.read(key), stream: () => this.storage.stream(key) };
    } catch (error) {
      if (error instanceof StoredFileNotFound) return null;
      throw error;
    }
  }

  /** Removes the order's PDF; one already missing is not an error. */
  async remove(orderId: string): Promise<void> {
    await this.storage.delete(keyOf(orderId));
  }
}
