import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { CustomSceneView } from '@colouring/domain';
import { CustomScenesService } from '../custom-scenes/index.js';
import { CurrentSession, MagicCodeGuard, type SessionRecord } from '../sessions/index.js';
import { CustomSceneDto } from './sessions.dto.js';

@ApiTags('custom scenes')
@ApiHeader({ name: 'X-Magic-Code', required: true })
@UseGuards(MagicCodeGuard)
@Controller('sessions/current/custom-scenes')
export class CustomScenesController {
  constructor(private readonly scenes: CustomScenesService) {}

  @Get()
  list(@CurrentSession() session: SessionRecord): Promise<CustomSceneView[]> {
    return this.scenes.list(session);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentSession() session: SessionRecord, @Body() dto: CustomSceneDto): Promise<CustomSceneView> {
    return this.scenes.create(session, dto);
  }

  @Put(':id')
  update(
    @CurrentSession() session: SessionRecord,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: CustomSceneDto,
  ): Promise<CustomSceneView> {
    return this.scenes.update(session, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentSession() session: SessionRecord, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.scenes.remove(session, id);
  }
}
