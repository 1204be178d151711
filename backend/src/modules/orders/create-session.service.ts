import { randomBytes } from 'node:crypto';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ApiErrorCode,
  DEFAULT_LEVEL,
  DOT_TO_DOT_LEVEL,
  PORTRAIT_MESSAGES,
  SESSION_LIFETIME_MS,
  validateChildName,
  validateDotToDotName,
  validateEmail,
  type FieldErrors,
} from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { Clock } from '../../infra/clock.js';
import { JobName, Jobs } from '../../infra/jobs.js';
import { SessionsService } from '../sessions/index.js';
import { PhotoService, UploadsService, type CropRectangle, type PortraitJobResult, type UploadedPhoto } from '../uploads/index.js';

/** The products made from the child's portrait: custom pages, and the dot-to-dot book (always at level 2). */
export type PortraitProduct = 'custom_scenes' | 'dot_to_dot';

export interface NewSessionInput {
  product: PortraitProduct;
  childName: string;
  email: string;
  crop?: CropRectangle;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

// How long the upload waits for the portrait (and so for the face check) before answering anyway.
const PORTRAIT_WAIT_MS = 20_000;

const REFUSALS: Record<string, string> = {
  no_face: PORTRAIT_MESSAGES.noFace,
  several_faces: PORTRAIT_MESSAGES.severalFaces,
  face_turned: PORTRAIT_MESSAGES.faceTurned,
};

/**
 * A new session from the create or the dot-to-dot form: the checked fields, the photo staged, the portrait job waited
 * for. Both products draw the child's portrait, so both refuse a photo without one clear face.
 */
@Injectable()
export class CreateSessionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: Jobs,
    private readonly sessions: SessionsService,
    private readonly photos: PhotoService,
    private readonly uploads: UploadsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Validates everything, then creates the session with its staged photo and waits for the portrait job.
   * A photo the engine refuses (no face, several, turned away) answers 422 and leaves nothing behind.
   */
  async create(
    input: NewSessionInput,
    photo: UploadedPhoto | undefined,
    meta: RequestMeta,
  ): Promise<{ session: { id: string }; magicCode: string }> {
    const fields = this.checkFields(input);
    const product = input.product;
    await this.photos.validate(photo);
    const cropped = await this.photos.cropForPortrait(photo!, input.crop);
    const magicCode = randomBytes(32).toString('hex');
    const now = this.clock.now();
    const { sessionId, stagingId } = await this.db.transaction(async (tx) => {
      const sessionId = await this.sessions.create(tx, {
        magicCode,
        product,
        childName: fields.childName,
        email: fields.email,
        level: product === 'dot_to_dot' ? DOT_TO_DOT_LEVEL : DEFAULT_LEVEL,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return { sessionId, stagingId: await this.uploads.stage(tx, sessionId, cropped) };
    });
    await this.jobs.add(JobName.RenderPortrait, { sessionId, stagingId });
    const result = (await this.jobs.result(JobName.RenderPortrait, { sessionId }, PORTRAIT_WAIT_MS)) as PortraitJobResult | undefined;
    if (result?.status === 'refused') {
      await this.sessions.delete(sessionId);
      const message = REFUSALS[result.code] ?? PORTRAIT_MESSAGES.noFace;
      throw new UnprocessableEntityException({ code: ApiErrorCode.PhotoRefused, message, errors: { photo: message } });
    }
    return { session: { id: sessionId }, magicCode };
  }

  async portraitProgress(sessionId: string): Promise<number> {
    const progress = Number((await this.jobs.progress(JobName.RenderPortrait, { sessionId })) ?? 0);
    return Number.isFinite(progress) ? progress : 0;
  }

  private checkFields(input: NewSessionInput): { childName: string; email: string } {
    const childName = (input.product === 'dot_to_dot' ? validateDotToDotName : validateChildName)(input.childName ?? '');
    const email = validateEmail(input.email ?? '');
    const errors: FieldErrors<'childName' | 'email'> = {};
    if (!childName.ok) errors.childName = childName.message;
    if (!email.ok) errors.email = email.message;
    return accepted(
      childName.ok && email.ok ? { ok: true, value: { childName: childName.value, email: email.value } } : { ok: false, errors },
    );
  }
}
