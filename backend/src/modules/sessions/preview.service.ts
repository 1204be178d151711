import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { composeScenePage, renderPreviewPng, type Level } from '../../artwork/page/index.js';
import { compositionFromText, findScene, type SceneComposition } from '../../artwork/scenes/index.js';
import { PortraitsService } from '../uploads/portraits.service.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import { customSceneId } from './custom-scenes.service.js';
import type { SessionRecord } from './session-records.service.js';

const DEFAULT_PREVIEW_SCENE = 'space-rocket-launch';
const PREVIEW_WIDTH_PX = 600;

/** The child's real page before payment: low resolution and watermarked PREVIEW ONLY, never the print file. */
@Injectable()
export class PreviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly portraits: PortraitsService,
  ) {}

  async png(session: SessionRecord, sceneId: string | undefined, level: Level | undefined): Promise<Buffer> {
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

  private async scene(session: SessionRecord, sceneId: string): Promise<{ title: string; composition: SceneComposition }> {
    const customId = customSceneId(sceneId);
    if (customId) {
      const custom = await this.db.getRepository(CustomSceneEntity).findOneBy({ id: customId, sessionId: session.id, isActive: true });
      if (custom) return { title: custom.title, composition: compositionFromText(custom.userPrompt) };
    }
    const scene = findScene(sceneId) ?? findScene(DEFAULT_PREVIEW_SCENE)!;
    return { title: scene.title, composition: scene.composition };
  }
}
