import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { findScene } from '../../artwork/scenes/index.js';
import { CUSTOM_SCENE_PREFIX, normaliseVoucherCode, SCENE_MESSAGES, VOUCHER_PICKER_MESSAGES, type OrderPrice } from '@colouring/domain';
import { orderPrice } from '../checkout/order-price.js';
import { PdfService } from '../pdf/pdf.service.js';
import { VouchersService } from '../vouchers/vouchers.service.js';
import type { SessionRecord } from './session-records.service.js';
import { sessionView, type SessionView } from './session-view.js';
import { SessionsService } from './sessions.service.js';

export interface SelectionInput {
  level: number;
  selectedScenes: string[];
  voucherCode?: string | null;
}

/** The parent's choice of level, scenes and voucher, and the price the server computes for it every time. */
@Injectable()
export class SelectionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly pdf: PdfService,
    private readonly sessions: SessionsService,
    private readonly vouchers: VouchersService,
  ) {}

  async view(session: SessionRecord): Promise<SessionView> {
    return sessionView(session, {
      price: await this.price(session.selectedScenes, session.voucherCode),
      portraitProgress: session.portraitStatus === 'pending' ? await this.sessions.portraitProgress(session.id) : 100,
      pdf: await this.pdf.statusOf(session),
    });
  }

  /** The price of a selection with a voucher that still holds; a voucher used or expired since is simply not applied. */
  async price(selectedScenes: readonly string[], voucherCode: string | null): Promise<OrderPrice> {
    const voucher = voucherCode ? await this.vouchers.check(voucherCode) : null;
    return orderPrice(selectedScenes, voucher?.ok ? voucher.voucher : null);
  }

  /** Saves a selection after checking every scene id and the voucher; nothing is saved when anything is wrong. */
  async save(session: SessionRecord, input: SelectionInput): Promise<SessionView> {
    if (session.paidAt) throw new BadRequestException('This order is already paid.');
    const selected = [...new Set(input.selectedScenes)];
    const customIds = selected.filter((id) => id.startsWith(CUSTOM_SCENE_PREFIX)).map((id) => id.slice(CUSTOM_SCENE_PREFIX.length));
    const unknown = selected.filter((id) => !id.startsWith(CUSTOM_SCENE_PREFIX) && !findScene(id));
    if (customIds.length > 0) {
      const rows: { id: string }[] = await this.db.query(
        `SELECT id::text FROM custom_scenes WHERE session_id = $1 AND is_active AND id::text = ANY($2)`,
        [session.id, customIds],
      );
      const active = new Set(rows.map((r) => r.id));
      unknown.push(...customIds.filter((id) => !active.has(id)).map((id) => CUSTOM_SCENE_PREFIX + id));
    }
    if (unknown.length > 0) {
      throw new BadRequestException({
        message: SCENE_MESSAGES.saveSelectionFailed,
        errors: { selectedScenes: SCENE_MESSAGES.saveSelectionFailed },
      });
    }
    const voucherCode = input.voucherCode ? normaliseVoucherCode(input.voucherCode) : null;
    if (voucherCode) {
      const check = await this.vouchers.check(voucherCode);
      if (!check.ok) {
        const message = VOUCHER_PICKER_MESSAGES[check.problem];
        throw new BadRequestException({ message, errors: { voucherCode: message } });
      }
    }
    await this.db.query(`UPDATE sessions SET level = $2, selected_scenes = $3, voucher_code = $4, updated_at = now() WHERE id = $1`, [
      session.id,
      input.level,
      selected,
      voucherCode,
    ]);
    return this.view({ ...session, level: input.level, selectedScenes: selected, voucherCode });
  }
}
