import { Controller, DefaultValuePipe, Get, Header, NotFoundException, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { findScene, sceneThumbnailSvg } from '../../artwork/scenes/index.js';
import { ScenesService, type CatalogueView } from './scenes.service.js';

@ApiTags('catalogue')
@Controller('catalogue')
export class ScenesController {
  constructor(private readonly scenes: ScenesService) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOkResponse({ description: 'Colouring levels, bundles with their scenes, featured bundles and counts.' })
  catalogue(): Promise<CatalogueView> {
    return this.scenes.catalogue();
  }
}

@ApiTags('catalogue')
@Controller('scenes')
export class SceneThumbnailsController {
  /** A scene's drawing without a child in it, for the scene picker: the same for everyone, so cached long. */
  @Get(':sceneId/thumbnail.svg')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiProduces('image/svg+xml')
  thumbnail(@Param('sceneId') sceneId: string, @Query('level', new DefaultValuePipe(2), ParseIntPipe) level: number): string {
    if (!findScene(sceneId) || level < 1 || level > 4) throw new NotFoundException('Scene not found');
    return sceneThumbnailSvg(sceneId, level as 1 | 2 | 3 | 4);
  }
}
