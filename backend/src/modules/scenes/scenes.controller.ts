import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
