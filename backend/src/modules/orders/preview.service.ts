import { Injectable, NotFoundException } from '@nestjs/common';
import { ApiErrorCode, SINGLE_PHOTO_MESSAGES } from '@colouring/domain';
import { composeScenePage, composeSinglePhotoPage, renderPreviewPng, type Level } from '../../artwork/page/index.js';
import { compositionFromText, findScene, type SceneComposition } from '../../artwork/scenes/index.js';
import { CustomScenesService } from '../custom-scenes/index.js';
import type { SessionRecord } from '../sessions/index.js';
import { OrderPhotosService, PortraitsService } from '../uploads/index.js';

const DEFAULT_PREVIEW_SCENE = 'space-rocket-launch';
const PREVIEW_WIDTH_PX = 600;
const PHOTO_PREVIEW_WIDTH_PX = 360;

/** The parent's real pages before payment: low resolution and watermarked PREVIEW ONLY, never the print file. */
@Injectable()
export class PreviewService {
  constructor(
    private readonly portraits: PortraitsService,
    private readonly customScenes: CustomScenesService,
    private readonly orderPhotos: OrderPhotosService,
  ) {}

  /** A single photo's page at a level (its own by default), small: the draft's list shows what each photo became. */
  async photoPng(session: SessionRecord, photoId: string, level: Level | undefined): Promise<Buffer> {
    const photo = (await this.orderPhotos.list(session.id)).find((p) => p.id === photoId && p.drawn);
    const art = photo && (await this.orderPhotos.artOf([photo.id])).get(photo.id);
    if (!photo || !art) throw new NotFoundException({ code: ApiErrorCode.NotFound, message: SINGLE_PHOTO_MESSAGES.photoNotFound });
    return renderPreviewPng(composeSinglePhotoPage({ art, level: level ?? photo.level, aspect: photo.aspect }), PHOTO_PREVIEW_WIDTH_PX);
  }

  async png(session: SessionRecord, sceneId: string | undefined, level: Level | undefined): Promise<Buffer> {
    const portrait = await this.portraits.artOf(session.id);
    if (!portrait) throw new NotFoundException({ code: ApiErrorCode.NotReady, message: 'The cartoon preview is not ready yet.' });
    const scene = await this.scene(session, sceneId ?? session.selectedScenes[0] ?? DEFAULT_PREVIEW_SCENE);
    const page = composeScenePage({
      composition: scene.composition,
      title: scene.title,
      level: level ?? (session.level as Level),
      childName: session.childName,
      portrait,
    });
    return renderPreviewPng(page, PREVIEW_WIDTH_PX);
  }

  private async scene(session: SessionRecord, sceneId: string): Promise<{ title: string; composition: SceneComposition }> {
    const custom = (await this.customScenes.chosenIn({ id: session.id, selectedScenes: [sceneId] })).get(sceneId);
    if (custom) return { title: custom.title, composition: compositionFromText(custom.userPrompt) };
    const scene = findScene(sceneId) ?? findScene(DEFAULT_PREVIEW_SCENE)!;
    return { title: scene.title, composition: scene.composition };
  }
}
