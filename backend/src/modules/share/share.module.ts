import { Module } from '@nestjs/common';
import { EmailModule } from '../email/index.js';
import { SecurityAlertsModule } from '../security/index.js';
import { SessionsModule } from '../sessions/index.js';
import { VouchersModule } from '../vouchers/index.js';
import { ShareController } from './share.controller.js';
import { ShareService } from './share.service.js';

/** Share-for-voucher: the parent's share checked again, the voucher issued and emailed (docs/decisions/030). */
@Module({
  imports: [SessionsModule, VouchersModule, EmailModule, SecurityAlertsModule],
  controllers: [ShareController],
  providers: [ShareService],
})
export class ShareModule {}
