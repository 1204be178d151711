import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminShareView } from '@colouring/domain';
import { ShareVouchersQuery } from '../vouchers/index.js';
import { Admin } from './admin.guard.js';

/** The Share Incentives tab: the latest share vouchers and their status, the totals and the conversion rate. */
@ApiTags('admin')
@Controller('admin/share')
@Admin()
export class AdminShareController {
  constructor(private readonly share: ShareVouchersQuery) {}

  @Get()
  @Admin('view_share_incentives')
  view(): Promise<AdminShareView> {
    return this.share.adminView();
  }
}
