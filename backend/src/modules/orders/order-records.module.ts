import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderEntity } from './order.entity.js';
import { OrdersService } from './orders.service.js';

/** The `orders` table and its one writer, for the web side and the worker side of this module. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderEntity])],
  providers: [OrdersService],
  exports: [OrdersService],
})
export class OrderRecordsModule {}
