import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import argon2 from 'argon2';
import type { DataSource } from 'typeorm';
import { COLOURING_LEVELS } from '@colouring/domain';
import type { AppConfig } from '../../config/config.js';
import { CATALOGUE } from '../../artwork/scenes/catalogue.js';

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

const DEFAULT_FEATURED = [
  { bundle: 'space', text: 'Most loved this month: blast off with your little astronaut!', priority: 1 },
  { bundle: 'dinosaurs', text: 'Roar-some pages for dinosaur fans.', priority: 2 },
  { bundle: 'under-the-sea', text: 'Dive in with dolphins and treasure.', priority: 3 },
];

const DEV_ADMIN_EMAIL = 'admin@localhost';

/**
 * Idempotent: levels, bundles and scenes follow the code on every start; featured bundles are seeded
 * only into an empty table (the admin owns them after that); the admin account follows the environment.
 */
export async function seed(db: DataSource, config: AppConfig, log: SeedLog): Promise<void> {
  await db.transaction(async (tx) => {
    for (const level of COLOURING_LEVELS) {
      await tx.query(
        `INSERT INTO colouring_levels (id, name, ages, description) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, ages = excluded.ages, description = excluded.description`,
        [level.id, level.name, level.ages, level.description],
      );
    }
    for (const [bundleOrder, bundle] of CATALOGUE.entries()) {
      await tx.query(
        `INSERT INTO bundles (id, name, description, sort_order) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, sort_order = excluded.sort_order`,
        [bundle.id, bundle.name, bundle.description, bundleOrder],
      );
      for (const [sceneOrder, scene] of bundle.scenes.entries()) {
        await tx.query(
          `INSERT INTO scenes (id, title, short_description, bundle, sort_order) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE SET title = excluded.title, short_description = excluded.short_description,
             bundle = excluded.bundle, sort_order = excluded.sort_order`,
          [scene.id, scene.title, scene.shortDescription, bundle.id, sceneOrder],
        );
      }
    }
    const [{ count }] = await tx.query(`SELECT count(*)::int AS count FROM featured_bundles`);
    if (count === 0) {
      for (const featured of DEFAULT_FEATURED) {
        await tx.query(`INSERT INTO featured_bundles (bundle_name, featured_text, priority) VALUES ($1, $2, $3)`, [
          featured.bundle,
          featured.text,
          featured.priority,
        ]);
      }
    }
  });
  await seedAdmin(db, config, log);
}

async function seedAdmin(db: DataSource, config: AppConfig, log: SeedLog): Promise<void> {
  const { email, password } = config.admin;
  if (email && password) {
    const [existing] = await db.query(`SELECT password_hash FROM admin_users WHERE email = $1`, [email.toLowerCase()]);
    if (existing && (await argon2.verify(existing.password_hash, password))) return;
    const hash = await argon2.hash(password, { type: argon2.argon2id });
    await db.query(
      `INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash`,
      [email.toLowerCase(), hash],
    );
    log.info(`admin account ready: ${email}`);
    return;
  }
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM admin_users`);
  if (count > 0) return;
  // Development only (production refuses to start without ADMIN_EMAIL/ADMIN_PASSWORD). The password goes to a file only
  // its owner can read, never to the log, which may be collected (CI, a log service).
  const generated = randomBytes(12).toString('base64url');
  mkdirSync(dirname(config.devAdminFile), { recursive: true });
  writeFileSync(config.devAdminFile, `${DEV_ADMIN_EMAIL}\n${generated}\n`, { mode: 0o600 });
  await db.query(`INSERT INTO admin_users (email, password_hash) VALUES ($1, $2)`, [
    DEV_ADMIN_EMAIL,
    await argon2.hash(generated, { type: argon2.argon2id }),
  ]);
  log.warn(
    `development admin created: ${DEV_ADMIN_EMAIL}, password in ${config.devAdminFile} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose)`,
  );
}
