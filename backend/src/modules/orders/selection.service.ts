import { BadRequestException, Injectable } from '@nestjs/common';
import {
  SESSION_MESSAGES,
  ApiErrorCode,
  CUSTOM_SCENE_PREFIX,
  normaliseVoucherCode,
  orderPrice,
  SCENE_MESSAGES,
  VOUCHER_PICKER_MESSAGES,
  type OrderPrice,
  type SelectionInput,
  type SessionView,
} from '@colouring/domain';
import { findScene } from '../../artwork/scenes/index.js';
import { CustomScenesService } from '../custom-scenes/index.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { VouchersService } from '../vouchers/index.js';
import { CreateSessionService } from './create-session.service.js';
import { OrderStatusService } from './order-status.service.js';
import { OrdersService } from './orders.service.js';
import { sessionView } from './session-view.js';

/** The parent's choice of level, scenes and voucher, and the price the server computes for it every time. */
@Injectable()
export class SelectionService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly created: CreateSessionService,
    private readonly customScenes: CustomScenesService,
    private readonly orders: OrdersService,
    private readonly status: OrderStatusService,
    private readonly vouchers: VouchersService,
  ) {}

  async view(session: SessionRecord): Promise<SessionView> {
    const order = await this.orders.currentOf(session.id);
    return sessionView(session, order, {
      price: await this.price(session.selectedScenes, session.voucherCode),
      portraitProgress: session.portraitStatus === 'pending' ? await this.created.portraitProgress(session.id) : 100,
      pdf: await this.status.pdfOf(order?.paidAt ? order : null, session.selectedScenes.length + 2),
    });
  }

  /** The price of a selection with a voucher that still holds; a voucher used or expired since is simply not applied. */
  async price(selectedScenes: readonly string[], voucherCode: string | null): Promise<OrderPrice> {
    const voucher = voucherCode ? await this.vouchers.check(voucherCode) : null;
    return orderPrice(selectedScenes, voucher?.ok ? voucher.voucher : null);
  }

  /**
   * Saves a selection after checking every scene id and the voucher; nothing is saved when anything is wrong, nor once
   * an order of the session is paid (the save waits for a payment in progress, then finds it paid).
   */
  async save(session: SessionRecord, input: SelectionInput): Promise<SessionView> {
    if (session.paidAt) throw this.alreadyPaid();
    const selected = [...new Set(input.selectedScenes)];
    const custom = await this.customScenes.chosenIn({ id: session.id, selectedScenes: selected });
    const unknown = selected.filter((id) => (id.startsWith(CUSTOM_SCENE_PREFIX) ? !custom.has(id) : !findScene(id)));
    if (unknown.length > 0) {
      throw new BadRequestException({
        code: ApiErrorCode.ValidationFailed,
        message: SCENE_MESSAGES.saveSelectionFailed,
        errors: { selectedScenes: SCENE_MESSAGES.saveSelectionFailed },
      });
    }
    const voucherCode = input.voucherCode ? normaliseVoucherCode(input.voucherCode) : null;
    if (voucherCode) {
      const check = await this.vouchers.check(voucherCode);
      if (!check.ok) {
        const message = VOUCHER_PICKER_MESSAGES[check.problem];
        throw new BadRequestException({ code: ApiErrorCode.VoucherUnusable, message, errors: { voucherCode: message } });
      }
    }
    if (!(await this.sessions.saveSelection(session.id, { level: input.level, selectedScenes: selected, voucherCode }))) {
      throw this.alreadyPaid();
    }
    return this.view({ ...session, level: input.level, selectedScenes: selected, voucherCode });
  }

  private alreadyPaid(): BadRequestException {
    return new BadRequestException({ code: ApiErrorCode.AlreadyPaid, message: SESSION_MESSAGES.alreadyPaid });
  }
}
