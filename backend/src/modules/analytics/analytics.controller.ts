import { Body, Controller, ForbiddenException, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import { trackingRefused, type AnalyticsRecorded } from '@colouring/domain';
import { AnalyticsBatchDto } from './analytics.dto.js';
import { AnalyticsService } from './analytics.service.js';

/** The shop's own pages report route changes, events and clicks here (docs/decisions/031). No cookie is read or set. */
@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /**
   * Records up to 10 events; 202 with how many were kept (events on a path that may not be kept, such as the admin's,
   * are dropped). With `DNT: 1` or `Sec-GPC: 1` nothing is kept. Another site's page may not post here (403).
   */
  @Post('events')
  @HttpCode(202)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiHeader({ name: 'DNT', required: false, description: '1: nothing is recorded.' })
  @ApiHeader({ name: 'Sec-GPC', required: false, description: '1: nothing is recorded.' })
  async record(@Body() batch: AnalyticsBatchDto, @Req() req: Request): Promise<AnalyticsRecorded> {
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin') throw new ForbiddenException();
    if (trackingRefused((name) => req.get(name))) return { recorded: 0 };
    return { recorded: await this.analytics.recordFromPage(batch.events) };
  }
}
