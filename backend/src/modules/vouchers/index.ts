// The vouchers module's public surface: other modules import from here only.
export { VouchersModule } from './vouchers.module.js';
export {
  VouchersService,
  type ShareVoucherIssue,
  type ShareVoucherRecord,
  type ShareVoucherRequest,
  type VoucherCheck,
  type VoucherDiscount,
} from './vouchers.service.js';
export { ShareVouchersQuery } from './share-vouchers.query.js';
