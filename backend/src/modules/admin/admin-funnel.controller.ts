import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiErrorCode, FUNNEL_PERIOD_MESSAGE, funnelPeriod, type AdminFunnel, type AdminFunnelQuery } from '@colouring/domain';
import { Clock } from '../../infra/clock.js';
import { AnalyticsFunnelService } from '../analytics/index.js';
import { Admin } from './admin.guard.js';

export class AdminFunnelQueryDto implements AdminFunnelQuery {
  @ApiPropertyOptional({ example: '2026-11-17', description: 'The first day (UTC); 6 days before `to` when left out.' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-23', description: 'The last day (UTC), included; today when left out.' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  to?: string;
}

/** The Funnel tab (docs/decisions/031): visits, uploads, previews, checkouts started and paid orders, by product. */
@ApiTags('admin')
@Controller('admin/funnel')
@Admin()
export class AdminFunnelController {
  constructor(
    private readonly funnels: AnalyticsFunnelService,
    private readonly clock: Clock,
  ) {}

  /** 400 `validation_failed` for a period that is not whole days, runs backwards, or is longer than 400 days. */
  @Get()
  @Admin('view_funnel')
  view(@Query() query: AdminFunnelQueryDto): Promise<AdminFunnel> {
    const period = funnelPeriod(query, this.clock.now());
    if (!period) {
      throw new BadRequestException({
        code: ApiErrorCode.ValidationFailed,
        message: FUNNEL_PERIOD_MESSAGE,
        errors: { from: FUNNEL_PERIOD_MESSAGE },
      });
    }
    return this.funnels.funnel(period);
  }
}
