import type { Readable } from 'node:stream';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Queue } from 'bull';
import { FILE_STORAGE, StoredFileNotFound, type FileStorage } from '../../infra/storage.js';
import { QueueName, type PdfJobData } from '../jobs/queues.js';
import { SessionRecordsService, type PdfStatus, type SessionRecord } from '../sessions/session-records.service.js';
import { contentDisposition, pdfStorageKey } from './book.js';

export const PDF_NOT_READY = 'Your colouring pages are not ready yet.';

/** What the PDF job reports as Bull progress (and the API reads back by job id = session id). */
export interface PdfProgress {
  pagesDone: number;
  pagesTotal: number;
  /** 0-100: composing the pages is most of it, then printing and storing. */
  percent: number;
}

/** The `pdf` part of the API's SessionView. */
export interface PdfStatusView {
  status: PdfStatus | null;
  progress: number;
  pagesDone: number;
  pagesTotal: number;
  error: string | null;
}

export interface PdfDownload {
  stream: Readable;
  size: number;
  contentDisposition: string;
}

/** The API side of the PDF: its status for the thank-you page, and the download for the holder of the magic code. */
@Injectable()
export class PdfService {
  constructor(
    private readonly sessions: SessionRecordsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectQueue(QueueName.Pdf) private readonly pdfQueue: Queue<PdfJobData>,
  ) {}

  /** Opens the session's PDF for download and counts the download; 404 until it is ready. */
  async openDownload(session: SessionRecord): Promise<PdfDownload> {
    if (session.pdfStatus !== 'ready') throw new NotFoundException(PDF_NOT_READY);
    const key = pdfStorageKey(session.id);
    let stream: Readable;
    let size: number;
    try {
      size = await this.storage.size(key);
      stream = await this.storage.stream(key);
    } catch (error) {
      if (error instanceof StoredFileNotFound) throw new NotFoundException(PDF_NOT_READY);
      throw error;
    }
    await this.sessions.countDownload(session.id);
    return { stream, size, contentDisposition: contentDisposition(session.childName) };
  }

  /** Status and page progress: from the session row, and while generating from the job (job id = session id). */
  async statusOf(session: Pick<SessionRecord, 'id' | 'pdfStatus' | 'pdfError' | 'selectedScenes'>): Promise<PdfStatusView> {
    const pagesTotal = session.selectedScenes.length + 2;
    const view = { status: session.pdfStatus, progress: 0, pagesDone: 0, pagesTotal, error: null };
    if (session.pdfStatus === 'ready') return { ...view, progress: 100, pagesDone: pagesTotal };
    if (session.pdfStatus === 'failed') return { ...view, error: session.pdfError };
    if (session.pdfStatus !== 'generating') return view;
    const job = await this.pdfQueue.getJob(session.id);
    const reported = job?.progress() as Partial<PdfProgress> | number | undefined;
    if (!reported || typeof reported !== 'object') return view;
    return { ...view, progress: reported.percent ?? 0, pagesDone: reported.pagesDone ?? 0, pagesTotal: reported.pagesTotal ?? pagesTotal };
  }
}
