import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiHeader, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { PHOTO_MAX_BYTES, readCrop, type SinglePhotoOrderView, type SinglePhotoStarted } from '@colouring/domain';
import { CurrentSession, MagicCodeGuard, type SessionRecord } from '../sessions/index.js';
import type { UploadedPhoto } from '../uploads/index.js';
import { PreviewService } from './preview.service.js';
import { SinglePhotoService } from './single-photo.service.js';
import { PhotoArtQueryDto, SinglePhotoAddDto, SinglePhotoEmailDto, SinglePhotoLevelDto, SinglePhotoStartDto } from './single-photo.dto.js';
import { UploadSlotsGuard } from './upload-slots.guard.js';

/** The single-photo product's draft order: started, photos added one per request, levels, email; then /api/checkout. */
@ApiTags('single-photo')
@Controller('single-photo')
export class SinglePhotoController {
  constructor(
    private readonly singlePhoto: SinglePhotoService,
    private readonly previews: PreviewService,
  ) {}

  @Post()
  @HttpCode(201)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  start(@Body() dto: SinglePhotoStartDto, @Req() request: Request): Promise<SinglePhotoStarted> {
    return this.singlePhoto.start(dto.email, { ip: request.ip ?? null, userAgent: request.header('user-agent') ?? null });
  }

  @Get()
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  @Header('Cache-Control', 'no-store')
  view(@CurrentSession() session: SessionRecord): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.view(session);
  }

  @Post('photos')
  @HttpCode(201)
  // A school's forty photos come one request each.
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @UseGuards(MagicCodeGuard, UploadSlotsGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  @ApiConsumes('multipart/form-data')
  // Up to twice the limit reaches the domain check and its exact message; multer stops anything bigger with 413.
  @UseInterceptors(FileInterceptor('photo', { limits: { fileSize: 2 * PHOTO_MAX_BYTES, files: 1, fields: 10 } }))
  add(
    @CurrentSession() session: SessionRecord,
    @Body() dto: SinglePhotoAddDto,
    @UploadedFile() photo: UploadedPhoto | undefined,
  ): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.add(session, { level: dto.level, aspect: dto.aspect, crop: readCrop(dto.crop) ?? undefined }, photo);
  }

  @Put('photos/:id')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  setLevel(
    @CurrentSession() session: SessionRecord,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: SinglePhotoLevelDto,
  ): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.setLevel(session, dto.level, id);
  }

  @Put('level')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  setAllLevels(@CurrentSession() session: SessionRecord, @Body() dto: SinglePhotoLevelDto): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.setLevel(session, dto.level);
  }

  @Delete('photos/:id')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  remove(@CurrentSession() session: SessionRecord, @Param('id', new ParseUUIDPipe()) id: string): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.remove(session, id);
  }

  @Put('email')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  setEmail(@CurrentSession() session: SessionRecord, @Body() dto: SinglePhotoEmailDto): Promise<SinglePhotoOrderView> {
    return this.singlePhoto.setEmail(session, dto.email);
  }

  @Get('photos/:id/art.png')
  @Throttle({ default: { limit: 120, ttl: 60_000 } })
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  @ApiProduces('image/png')
  async artPng(
    @CurrentSession() session: SessionRecord,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: PhotoArtQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const png = await this.previews.photoPng(session, id, query.level);
    response.set({ 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=300' }).send(png);
  }
}
