import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { checkPrompt, CUSTOM_SCENE_PREFIX, customSceneSaveFailed, SCENE_MESSAGES, validateCustomScene } from '@colouring/domain';
import type { CustomSceneView } from '@colouring/domain';
import { isUuid } from '../../common/uuid.js';
import { accepted } from '../../common/validation.js';
import { SessionsService, type SessionRecord } from '../sessions/index.js';
import { CustomSceneEntity } from './custom-scene.entity.js';

/** The id of the custom scene a selection entry names; null for a catalogue scene or an entry that cannot be one. */
function customSceneId(entry: string): string | null {
  const id = entry.slice(CUSTOM_SCENE_PREFIX.length);
  return entry.startsWith(CUSTOM_SCENE_PREFIX) && isUuid(id) ? id : null;
}

const view = ({ id, title, userPrompt, createdAt }: CustomSceneEntity): CustomSceneView => ({
  id,
  title,
  userPrompt,
  createdAt: createdAt.toISOString(),
});

/**
 * Scenes the parent writes (the `custom_scenes` table, written only here): checked by the domain's rules and prompt
 * checker, soft-deleted, and added to or taken from the session's selection in the same transaction.
 */
@Injectable()
export class CustomScenesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(CustomSceneEntity) private readonly scenes: Repository<CustomSceneEntity>,
    private readonly sessions: SessionsService,
  ) {}

  async list(session: SessionRecord): Promise<CustomSceneView[]> {
    const rows = await this.scenes.find({
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
      await this.sessions.addToSelection(tx, session.id, CUSTOM_SCENE_PREFIX + scene.id);
      return view(scene);
    });
  }

  async update(session: SessionRecord, id: string, input: { title: string; userPrompt: string }): Promise<CustomSceneView> {
    const { title, description } = this.check(input);
    const scene = await this.scenes.findOneBy({ id, sessionId: session.id, isActive: true });
    if (!scene) throw new NotFoundException(customSceneSaveFailed('not found'));
    Object.assign(scene, { title, userPrompt: description });
    return view(await this.scenes.save(scene));
  }

  /** Soft delete: the row stays (is_active false) and the scene leaves the selection. */
  async remove(session: SessionRecord, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await tx.update(CustomSceneEntity, { id, sessionId: session.id, isActive: true }, { isActive: false });
      if (!removed.affected) throw new NotFoundException(SCENE_MESSAGES.deleteCustomSceneFailed);
      await this.sessions.removeFromSelection(tx, session.id, CUSTOM_SCENE_PREFIX + id);
    });
  }

  /** The live custom scenes a selection names, by their selection entry (`custom:<id>`); one missing or deleted is absent. */
  async chosenIn(session: Pick<SessionRecord, 'id' | 'selectedScenes'>): Promise<Map<string, CustomSceneView>> {
    const ids = session.selectedScenes.map(customSceneId).filter((id) => id !== null);
    if (ids.length === 0) return new Map();
    const rows = await this.scenes.findBy({ sessionId: session.id, isActive: true, id: In(ids) });
    return new Map(rows.map((row) => [CUSTOM_SCENE_PREFIX + row.id, view(row)]));
  }

  /** In the expiry's transaction: the parent's own scenes of these sessions go; answers how many. */
  async eraseFor(manager: EntityManager, sessionIds: string[]): Promise<number> {
    const deleted = await manager.delete(CustomSceneEntity, { sessionId: In(sessionIds) });
    return deleted.affected ?? 0;
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
