import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { checkPrompt, CUSTOM_SCENE_PREFIX, customSceneSaveFailed, SCENE_MESSAGES, validateCustomScene } from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { CustomSceneEntity } from './custom-scene.entity.js';
import type { SessionRecord } from './session-records.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the custom scene a selection entry names; null for a catalogue scene or an entry that cannot be one. */
export function customSceneId(entry: string): string | null {
  const id = entry.slice(CUSTOM_SCENE_PREFIX.length);
  return entry.startsWith(CUSTOM_SCENE_PREFIX) && UUID.test(id) ? id : null;
}

export interface CustomSceneView {
  id: string;
  title: string;
  userPrompt: string;
  createdAt: Date;
}

const view = ({ id, title, userPrompt, createdAt }: CustomSceneEntity): CustomSceneView => ({ id, title, userPrompt, createdAt });

/** Scenes the parent writes: checked by the domain's rules and prompt checker, soft-deleted, kept in the selection. */
@Injectable()
export class CustomScenesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(session: SessionRecord): Promise<CustomSceneView[]> {
    const rows = await this.db.getRepository(CustomSceneEntity).find({
      where: { sessionId: session.id, isActive: true },
      order: { createdAt: 'DESC' },
    });
    return rows.map(view);
  }

  /** A new scene is selected at once (SPEC §4). */
  async create(session: SessionRecord, input: { title: string; userPrompt: string }): Promise<CustomSceneView> {
    const { title, description } = this.check(input);
    return this.db.transaction(async (tx) => {
      const scene = await tx
        .getRepository(CustomSceneEntity)
        .save({ sessionId: session.id, title, userPrompt: description, isActive: true });
      await tx.query(
        `UPDATE sessions SET selected_scenes = array_append(selected_scenes, $2), updated_at = now() WHERE id = $1 AND paid_at IS NULL`,
        [session.id, CUSTOM_SCENE_PREFIX + scene.id],
      );
      return view(scene);
    });
  }

  async update(session: SessionRecord, id: string, input: { title: string; userPrompt: string }): Promise<CustomSceneView> {
    const { title, description } = this.check(input);
    const repo = this.db.getRepository(CustomSceneEntity);
    const scene = await repo.findOneBy({ id, sessionId: session.id, isActive: true });
    if (!scene) throw new NotFoundException(customSceneSaveFailed('not found'));
    Object.assign(scene, { title, userPrompt: description });
    return view(await repo.save(scene));
  }

  /** Soft delete: the row stays (is_active false) and the scene leaves the selection. */
  async remove(session: SessionRecord, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [, affected] = (await tx.query(`UPDATE custom_scenes SET is_active = false WHERE id = $1 AND session_id = $2 AND is_active`, [
        id,
        session.id,
      ])) as [unknown, number];
      if (affected === 0) throw new NotFoundException(SCENE_MESSAGES.deleteCustomSceneFailed);
      await tx.query(`UPDATE sessions SET selected_scenes = array_remove(selected_scenes, $2), updated_at = now() WHERE id = $1`, [
        session.id,
        CUSTOM_SCENE_PREFIX + id,
      ]);
    });
  }

  /** The live custom scenes a selection names, by their selection entry (`custom:<id>`); one missing or deleted is absent. */
  async chosenIn(session: Pick<SessionRecord, 'id' | 'selectedScenes'>): Promise<Map<string, CustomSceneView>> {
    const ids = session.selectedScenes.map(customSceneId).filter((id) => id !== null);
    if (ids.length === 0) return new Map();
    const rows = await this.db.getRepository(CustomSceneEntity).findBy({ sessionId: session.id, isActive: true, id: In(ids) });
    return new Map(rows.map((row) => [CUSTOM_SCENE_PREFIX + row.id, view(row)]));
  }

  private check(input: { title: string; userPrompt: string }): { title: string; description: string } {
    const checked = validateCustomScene({ title: input.title, description: input.userPrompt });
    // The domain names the field `description`; this API calls it `userPrompt` (SPEC §3).
    const fields = accepted(
      checked.ok ? checked : { ok: false, errors: { title: checked.errors.title, userPrompt: checked.errors.description } },
    );
    const prompt = checkPrompt(fields.description);
    if (!prompt.valid) {
      const reason = prompt.issues[0] ?? SCENE_MESSAGES.generic;
      throw new BadRequestException({ message: customSceneSaveFailed(reason), errors: { userPrompt: reason } });
    }
    return fields;
  }
}
