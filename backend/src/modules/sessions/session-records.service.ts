import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { SessionEntity } from './session.entity.js';

export type { PdfStatus, PortraitStatus, ProductType } from './session.entity.js';

/** A session as other modules see it: read only; every change goes through SessionRecordsService. */
export type SessionRecord = Readonly<SessionEntity>;

/** What the payment webhook records on the session it fulfils. */
export interface PaymentRecord {
  amountPaidPence: number;
  paidAt: Date;
  providerSessionId: string;
}

/** The `sessions` table for the modules that work on a session: checkout, payments, the portrait and PDF jobs, email. */
@Injectable()
export class SessionRecordsService {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  findById(id: string): Promise<SessionRecord | null> {
    return this.sessions.findOneBy({ id });
  }

  /** Paid sessions whose PDF has been `generating` since before this moment, longest waiting first. */
  findPdfsGeneratingSince(before: Date, limit: number): Promise<SessionRecord[]> {
    return this.sessions.find({
      where: { pdfStatus: 'generating', paidAt: LessThan(before), isExpired: false },
      order: { paidAt: 'ASC' },
      take: limit,
    });
  }

  /** The live (unexpired) session whose card provider checkout has this id; null when there is none. */
  findLiveByProviderSession(providerSessionId: string, now: Date): Promise<SessionRecord | null> {
    return this.sessions.findOneBy({ paymentProviderSessionId: providerSessionId, isExpired: false, expiresAt: MoreThan(now) });
  }

  /** The card provider's checkout for this session, so the thank-you page finds the session before the webhook arrives. */
  async recordProviderSession(id: string, providerSessionId: string): Promise<void> {
    await this.sessions.update(id, { paymentProviderSessionId: providerSessionId });
  }

  /** In the webhook's transaction: the session, its row locked so concurrent events for one order take turns; null when unknown. */
  lockForPayment(manager: EntityManager, id: string): Promise<SessionRecord | null> {
    return manager.findOne(SessionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** In the webhook's transaction: the session is paid, and its PDF is on the way. */
  async recordPayment(manager: EntityManager, id: string, payment: PaymentRecord): Promise<void> {
    await manager.update(SessionEntity, id, {
      amountPaidPence: payment.amountPaidPence,
      paidAt: payment.paidAt,
      paymentProviderSessionId: payment.providerSessionId,
      pdfStatus: 'generating',
      pdfError: null,
    });
  }

  /** In the portrait job's transaction: the line art is stored. */
  async markPortraitReady(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE sessions SET portrait_status = 'ready', portrait_error = NULL, updated_at = now() WHERE id = $1`, [id]);
  }

  /** In the portrait job's transaction: no line art will come, for this reason (a refusal code, or 'failed'). */
  async markPortraitFailed(manager: EntityManager, id: string, reason: string): Promise<void> {
    await manager.query(`UPDATE sessions SET portrait_status = 'failed', portrait_error = $2, updated_at = now() WHERE id = $1`, [
      id,
      reason,
    ]);
  }

  async markPdfGenerating(id: string): Promise<void> {
    await this.sessions.update({ id }, { pdfStatus: 'generating', pdfError: null });
  }

  async markPdfReady(id: string, pdf: { url: string; generatedAt: Date }): Promise<void> {
    await this.sessions.update({ id }, { pdfStatus: 'ready', pdfError: null, pdfUrl: pdf.url, pdfGeneratedAt: pdf.generatedAt });
  }

  /** The PDF failed for good, with a reason safe to show; answers false (and changes nothing) when it is already ready or failed. */
  async markPdfFailed(id: string, reason: string): Promise<boolean> {
    const marked = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ pdfStatus: 'failed', pdfError: reason })
      .where(`id = :id AND pdf_status IS DISTINCT FROM 'ready' AND pdf_status IS DISTINCT FROM 'failed'`, { id })
      .execute();
    return Boolean(marked.affected);
  }

  async countDownload(id: string): Promise<void> {
    await this.sessions.increment({ id }, 'downloadCount', 1);
  }
}
