import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ApiErrorCode,
  FILE_PROCESS_FAILED,
  MAX_PHOTOS_PER_ORDER,
  photoOrderPrice,
  SESSION_LIFETIME_MS,
  SESSION_MESSAGES,
  SINGLE_PHOTO_MESSAGES,
  validateEmail,
  type LevelId,
  type PhotoAspect,
  type SinglePhotoOrderView,
  type SinglePhotoStarted,
} from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { Clock } from '../../infra/clock.js';
import { JobName, Jobs } from '../../infra/jobs.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import {
  OrderPhotosService,
  PhotoService,
  type CropRectangle,
  type OrderPhotoRecord,
  type PhotoArtJobResult,
  type UploadedPhoto,
} from '../uploads/index.js';
import type { RequestMeta } from './create-session.service.js';

/** SPEC sends this name for a single-photo order: nobody is named, any photo will do. */
export const SINGLE_PHOTO_CHILD_NAME = 'Customer';

// How long adding a photo waits for its line art before giving up on it (the page's own wait is 60 s).
const ART_WAIT_MS = 45_000;

/**
 * The single-photo product's draft order, kept on the server: a session of its own with its photos (`order_photos`),
 * one added per request with its crop, level and page orientation. Each photo's line art is drawn before the answer and
 * the photo deleted. Every change takes the session's lock and is refused once an order of it is paid; checkout then
 * freezes the photos into an order like any other product.
 */
@Injectable()
export class SinglePhotoService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionsService,
    private readonly orderPhotos: OrderPhotosService,
    private readonly photos: PhotoService,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
  ) {}

  async start(email: string | undefined, meta: RequestMeta): Promise<SinglePhotoStarted> {
    const address = email === undefined || email.trim() === '' ? '' : this.checkEmail(email);
    const magicCode = randomBytes(32).toString('hex');
    const sessionId = await this.db.transaction((tx) =>
      this.sessions.create(tx, {
        magicCode,
        product: 'single_photo',
        childName: SINGLE_PHOTO_CHILD_NAME,
        email: address,
        level: 2,
        expiresAt: new Date(this.clock.now().getTime() + SESSION_LIFETIME_MS),
        ip: meta.ip,
        userAgent: meta.userAgent,
      }),
    );
    const session = await this.sessions.findById(sessionId);
    return { magicCode, order: await this.view(session!) };
  }

  async view(session: SessionRecord): Promise<SinglePhotoOrderView> {
    this.requireSinglePhoto(session);
    const photos = (await this.orderPhotos.list(session.id)).filter((photo) => photo.drawn);
    return {
      sessionId: session.id,
      email: session.email,
      photos: photos.map((photo, k) => ({ id: photo.id, number: k + 1, level: photo.level, aspect: photo.aspect })),
      price: photoOrderPrice(photos.length, null),
      maxPhotos: MAX_PHOTOS_PER_ORDER,
      paid: session.paidAt !== null,
    };
  }

  /**
   * Checks and crops the photo, adds it to the draft (refused past the limit or once paid), and waits for its line art.
   * A photo whose art could not be drawn leaves the draft again, with nothing of it kept.
   */
  async add(
    session: SessionRecord,
    page: { level: LevelId; aspect: PhotoAspect; crop?: CropRectangle },
    photo: UploadedPhoto | undefined,
  ): Promise<SinglePhotoOrderView> {
    this.requireSinglePhoto(session);
    await this.photos.validate(photo);
    const cropped = await this.photos.cropForPage(photo!, page.aspect, page.crop);
    const added = await this.locked(session, async (tx) => {
      const count = (await this.orderPhotos.list(session.id, tx)).length;
      if (count >= MAX_PHOTOS_PER_ORDER) {
        const message = SINGLE_PHOTO_MESSAGES.tooManyPhotos;
        throw new UnprocessableEntityException({ code: ApiErrorCode.ValidationFailed, message, errors: { photo: message } });
      }
      return this.orderPhotos.add(tx, session.id, { level: page.level, aspect: page.aspect }, cropped);
    });
    await this.jobs.add(JobName.RenderPhotoArt, added);
    const result = (await this.jobs.result(JobName.RenderPhotoArt, { photoId: added.photoId }, ART_WAIT_MS)) as
      PhotoArtJobResult | undefined;
    if (result?.status !== 'ready') {
      await this.db.transaction((tx) => this.orderPhotos.remove(tx, session.id, added.photoId));
      throw new ServiceUnavailableException({
        code: ApiErrorCode.Unavailable,
        message: FILE_PROCESS_FAILED,
        errors: { photo: FILE_PROCESS_FAILED },
      });
    }
    return this.view(session);
  }

  async remove(session: SessionRecord, photoId: string): Promise<SinglePhotoOrderView> {
    this.requireSinglePhoto(session);
    const removed = await this.locked(session, (tx) => this.orderPhotos.remove(tx, session.id, photoId));
    if (!removed) throw this.photoNotFound();
    return this.view(session);
  }

  /** One photo's level; with no photo id, every photo's ('Apply to all photos'). */
  async setLevel(session: SessionRecord, level: LevelId, photoId?: string): Promise<SinglePhotoOrderView> {
    this.requireSinglePhoto(session);
    const changed = await this.locked(session, (tx) => this.orderPhotos.setLevel(tx, session.id, level, photoId));
    if (!changed && photoId) throw this.photoNotFound();
    return this.view(session);
  }

  async setEmail(session: SessionRecord, email: string): Promise<SinglePhotoOrderView> {
    this.requireSinglePhoto(session);
    const address = this.checkEmail(email);
    if (!(await this.sessions.saveEmail(session.id, address))) throw this.alreadyPaid();
    return this.view({ ...session, email: address });
  }

  /** The draft's photos with art, in book order: what checkout freezes. */
  async pagesOf(session: SessionRecord): Promise<OrderPhotoRecord[]> {
    return (await this.orderPhotos.list(session.id)).filter((photo) => photo.drawn);
  }

  private async locked<T>(session: SessionRecord, change: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const current = await this.sessions.lockForPayment(tx, session.id);
      if (!current || current.paidAt) throw this.alreadyPaid();
      return change(tx);
    });
  }

  private checkEmail(email: string): string {
    const checked = validateEmail(email);
    return accepted(checked.ok ? { ok: true, value: checked.value } : { ok: false, errors: { email: checked.message } });
  }

  private requireSinglePhoto(session: SessionRecord): void {
    if (!session.productTypes.includes('single_photo')) {
      throw new BadRequestException({ code: ApiErrorCode.WrongProduct, message: SINGLE_PHOTO_MESSAGES.notSinglePhoto });
    }
  }

  private photoNotFound(): NotFoundException {
    return new NotFoundException({ code: ApiErrorCode.NotFound, message: SINGLE_PHOTO_MESSAGES.photoNotFound });
  }

  private alreadyPaid(): BadRequestException {
    return new BadRequestException({ code: ApiErrorCode.AlreadyPaid, message: SESSION_MESSAGES.alreadyPaid });
  }
}
