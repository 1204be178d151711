import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { composeScenePage, renderPreviewPng, type Level } from '../../artwork/page/index.js';
import { compositionFromText, findScene, type SceneComposition } from '../../artwork/scenes/index.js';
import { PortraitsService } from '../uploads/portraits.service.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { CUSTOM_SCENE_PREFIX } from './selection.service.js';
import type { SessionEntity } from './session.entity.js';

const DEFAULT_PREVIEW_SCENE = 'space-rocket-launch';
const PREVIEW_WIDTH_PX = 600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The child's real page before payment: low resolution and watermarked PREVIEW ONLY, never the print file. */
@Injectable()
export class PreviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly portraits: PortraitsService,
  ) {}

  async png(session: SessionEntity, sceneId: string | undefined, level: Level | undefined): Promise<Buffer> {
    const portrait = await this.portraits.artOf(session.id);
    if (!portrait) throw new NotFoundException('The cartoon preview is not ready yet.');
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

  private async scene(session: SessionEntity, sceneId: string): Promise<{ title: string; composition: SceneComposition }> {
    const customId = sceneId.slice(CUSTOM_SCENE_PREFIX.length);
    if (sceneId.startsWith(CUSTOM_SCENE_PREFIX) && UUID.test(customId)) {
      const custom = await this.db
        .getRepository(CustomSceneEntity)
        .findOneBy({ id: customId, sessionId: session.id, isActive: true });
      if (custom) return { title: custom.title, composition: compositionFromText(custom.userPrompt) };
    }
    const scene = findScene(sceneId) ?? findScene(DEFAULT_PREVIEW_SCENE)!;
    return { title: scene.title, composition: scene.composition };
  }
}
