import { randomBytes } from 'node:crypto';
import { InjectQueue } from '@nestjs/bull';
import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import type { DataSource } from 'typeorm';
import {
  DEFAULT_LEVEL,
  PORTRAIT_MESSAGES,
  SESSION_LIFETIME_MS,
  validateChildName,
  validateEmail,
  type FieldErrors,
} from '@colouring/domain';
import { magicCodeHash } from '../../common/magic-code.js';
import { accepted } from '../../common/validation.js';
import { Clock } from '../../infra/clock.js';
import { PortraitJob, QueueName, type PortraitJobData } from '../jobs/queues.js';
import { PhotoService, type CropRectangle, type UploadedPhoto } from '../uploads/photo.service.js';
import type { PortraitJobResult } from '../uploads/portrait.processor.js';
import { UploadsService } from '../uploads/uploads.service.js';

export interface NewSessionInput {
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

@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QueueName.Portrait) private readonly portraits: Queue<PortraitJobData>,
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
    await this.photos.validate(photo);
    const cropped = await this.photos.cropForPortrait(photo!, input.crop);
    const magicCode = randomBytes(32).toString('hex');
    const now = this.clock.now();
    const { sessionId, stagingId } = await this.db.transaction(async (tx) => {
      const [session] = await tx.query(
        `INSERT INTO sessions (magic_code_hash, child_name, email, level, expires_at, ip_address, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          magicCodeHash(magicCode),
          fields.childName,
          fields.email,
          DEFAULT_LEVEL,
          new Date(now.getTime() + SESSION_LIFETIME_MS),
          meta.ip,
          meta.userAgent?.slice(0, 500) ?? null,
        ],
      );
      const stagingId = await this.uploads.stage(tx, session.id, cropped);
      await tx.query(`INSERT INTO session_audit_log (session_id, action, ip_address) VALUES ($1, 'created', $2)`, [session.id, meta.ip]);
      return { sessionId: session.id as string, stagingId };
    });
    const job = await this.portraits.add(PortraitJob.Render, { sessionId, stagingId }, { jobId: `portrait:${sessionId}` });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const result = await Promise.race([
      job.finished() as Promise<PortraitJobResult>,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PORTRAIT_WAIT_MS))),
    ])
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
    if (result?.status === 'refused') {
      await this.db.query(`DELETE FROM sessions WHERE id = $1`, [sessionId]);
      const message = REFUSALS[result.code] ?? PORTRAIT_MESSAGES.noFace;
      throw new UnprocessableEntityException({ message, errors: { photo: message } });
    }
    return { session: { id: sessionId }, magicCode };
  }

  async portraitProgress(sessionId: string): Promise<number> {
    const job = await this.portraits.getJob(`portrait:${sessionId}`);
    const progress = job ? Number(await job.progress()) : 0;
    return Number.isFinite(progress) ? progress : 0;
  }

  private checkFields(input: NewSessionInput): { childName: string; email: string } {
    const childName = validateChildName(input.childName ?? '');
    const email = validateEmail(input.email ?? '');
    const errors: FieldErrors<'childName' | 'email'> = {};
    if (!childName.ok) errors.childName = childName.message;
    if (!email.ok) errors.email = email.message;
    return accepted(
      childName.ok && email.ok ? { ok: true, value: { childName: childName.value, email: email.value } } : { ok: false, errors },
    );
  }
}
