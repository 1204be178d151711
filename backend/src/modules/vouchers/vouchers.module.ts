import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShareVouchersQuery } from './share-vouchers.query.js';
import { VoucherEntity } from './voucher.entity.js';
import { VouchersService } from './vouchers.service.js';

/** Voucher codes: checking them for the picker and checkout, consuming them when an order is paid. */
@Module({
  imports: [TypeOrmModule.forFeature([VoucherEntity])],
  providers: [VouchersService, ShareVouchersQuery],
  exports: [VouchersService, ShareVouchersQuery],
})
export class VouchersModule {}
