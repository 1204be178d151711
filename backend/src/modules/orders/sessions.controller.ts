import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  NotFoundException,
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
import {
  ApiErrorCode,
  isMagicCode,
  PHOTO_MAX_BYTES,
  readCrop,
  SESSION_MESSAGES,
  type RestoreAnswer,
  type SessionView,
} from '@colouring/domain';
import { EmailService } from '../email/index.js';
import { CurrentMagicCode, CurrentSession, MagicCodeGuard, SessionsService, type SessionRecord } from '../sessions/index.js';
import type { UploadedPhoto } from '../uploads/index.js';
import { CreateSessionService } from './create-session.service.js';
import { PreviewService } from './preview.service.js';
import { SelectionService } from './selection.service.js';
import { CreateSessionDto, PreviewQueryDto, RestoreSessionDto, SelectionDto } from './sessions.dto.js';
import { UploadSlotsGuard } from './upload-slots.guard.js';

@ApiTags('sessions')
@Controller('sessions')
export class SessionsController {
  constructor(
    private readonly created: CreateSessionService,
    private readonly sessions: SessionsService,
    private readonly selection: SelectionService,
    private readonly previews: PreviewService,
    private readonly emails: EmailService,
  ) {}

  @Post()
  @HttpCode(201)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @UseGuards(UploadSlotsGuard)
  @ApiConsumes('multipart/form-data')
  // Up to twice the limit reaches the domain check and its exact message; multer stops anything bigger with 413.
  @UseInterceptors(FileInterceptor('photo', { limits: { fileSize: 2 * PHOTO_MAX_BYTES, files: 1, fields: 10 } }))
  create(@Body() dto: CreateSessionDto, @UploadedFile() photo: UploadedPhoto | undefined, @Req() request: Request) {
    const input = {
      product: dto.product ?? 'custom_scenes',
      childName: dto.childName,
      email: dto.email,
      crop: readCrop(dto.crop) ?? undefined,
    };
    return this.created.create(input, photo, {
      ip: request.ip ?? null,
      userAgent: request.header('user-agent') ?? null,
    });
  }

  @Get('current')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  @Header('Cache-Control', 'no-store')
  current(@CurrentSession() session: SessionRecord): Promise<SessionView> {
    return this.selection.view(session);
  }

  @Put('current/selection')
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  saveSelection(@CurrentSession() session: SessionRecord, @Body() dto: SelectionDto): Promise<SessionView> {
    return this.selection.save(session, { level: dto.level, selectedScenes: dto.selectedScenes, voucherCode: dto.voucherCode ?? null });
  }

  @Get('current/preview.png')
  // Each one is drawn and rasterised (sharp) in the web process: a parent looks at a few levels and scenes, not hundreds.
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  @ApiProduces('image/png')
  async preview(@CurrentSession() session: SessionRecord, @Query() query: PreviewQueryDto, @Res() response: Response): Promise<void> {
    const png = await this.previews.png(session, query.scene, query.level);
    response.set({ 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=300' }).send(png);
  }

  @Post('current/preview-email')
  @HttpCode(200)
  @UseGuards(MagicCodeGuard)
  @ApiHeader({ name: 'X-Magic-Code', required: true })
  async previewEmail(@CurrentSession() session: SessionRecord, @CurrentMagicCode() magicCode: string): Promise<{ sent: boolean }> {
    return { sent: await this.emails.enqueuePreview(session.id, magicCode) };
  }

  @Post('restore')
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  async restore(@Body() dto: RestoreSessionDto, @Req() request: Request): Promise<RestoreAnswer> {
    const code = dto.magicCode.trim().toLowerCase();
    // A restore (the email's link, a typed code) always counts as an access of the session.
    const client = { ip: request.ip ?? null, userAgent: request.header('user-agent') ?? null };
    const session = isMagicCode(code) ? await this.sessions.access(code, client, { counted: true }) : null;
    if (!session) {
      await this.sessions.recordInvalidAccess(request.ip ?? null);
      throw new NotFoundException({ code: ApiErrorCode.SessionNotFound, message: SESSION_MESSAGES.notFoundOrExpired });
    }
    return { paid: session.paidAt !== null, product: session.productTypes[0] ?? 'custom_scenes' };
  }
}
