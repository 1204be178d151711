import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { magicCodeHash } from '../../src/common/magic-code.js';

/**
 * A session row made directly (STYLE: set state up, don't click through it); answers its id and magic code. `paid`
 * marks its selection frozen, as a paid order does (use insertOrder from ./orders.js for the order itself).
 */
export async function insertSession(
  db: DataSource,
  values: { childName?: string; email?: string; selectedScenes?: string[]; paid?: boolean } = {},
): Promise<{ id: string; magicCode: string }> {
  const magicCode = randomBytes(32).toString('hex');
  const [row] = await db.query(
    `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, selected_scenes, portrait_status, paid_at)
     VALUES ($1, $2, $3, now() + interval '30 days', $4, 'ready', $5) RETURNING id`,
    [
      magicCodeHash(magicCode),
      values.childName ?? 'Lily',
      values.email ?? 'parent@fixture.test',
      values.selectedScenes ?? [],
      values.paid ? new Date() : null,
    ],
  );
  return { id: row.id, magicCode };
}
