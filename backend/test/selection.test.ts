import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { checkPrompt, SCENE_MESSAGES, VOUCHER_PICKER_MESSAGES } from '@colouring/domain';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { createDataSource } from '../src/database/data-source.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

describe('choosing scenes: selection, price, vouchers, custom scenes and the preview', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let session: { id: string; magicCode: string };
  const email = 'parent@selection.test';

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
    session = await insertSession(db, { email });
    await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [session.id, JSON.stringify(fixturePortrait())]);
    await db.query(`DELETE FROM voucher_codes WHERE email = $1`, [email]);
    await db.query(
      `INSERT INTO voucher_codes (code, type, value, email, expires_at, used) VALUES
        ('SELECTIONOK', 'share_incentive', 25, $1, now() + interval '30 days', false),
        ('SELECTIONUSED', 'share_incentive', 25, 'used@selection.test', now() + interval '30 days', true),
        ('SELECTIONOLD', 'share_incentive', 25, 'old@selection.test', now() - interval '1 day', false)`,
      [email],
    );
  });

  afterAll(async () => {
    await db.query(`DELETE FROM voucher_codes WHERE code LIKE 'SELECTION%'`);
    await db.query(`DELETE FROM sessions WHERE email = $1`, [email]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  const save = (body: object) => http().put('/api/sessions/current/selection').set('X-Magic-Code', session.magicCode).send(body);
  const sixScenes = [
    'space-rocket-launch',
    'space-moon-walk',
    'space-alien-friend',
    'space-planet-hop',
    'space-star-catcher',
    'space-moon-picnic',
  ];

  it('saves a selection and answers the price the server computed', async () => {
    const res = await save({ level: 3, selectedScenes: sixScenes }).expect(200);
    expect(res.body.level).toBe(3);
    expect(res.body.price).toMatchObject({ sceneCount: 6, packName: 'Adventure', subtotalPence: 299, totalPence: 299, voucher: null });
    const [row] = await db.query(`SELECT level, selected_scenes FROM sessions WHERE id = $1`, [session.id]);
    expect(row).toEqual({ level: 3, selected_scenes: sixScenes });
  });

  it('applies a valid voucher (any case) and takes 25% off', async () => {
    const res = await save({ level: 3, selectedScenes: sixScenes, voucherCode: ' selectionok ' }).expect(200);
    expect(res.body.voucherCode).toBe('SELECTIONOK');
    expect(res.body.price).toMatchObject({ voucher: { code: 'SELECTIONOK', percent: 25 }, discountPence: 75, totalPence: 224 });
  });

  it.each([
    ['an unknown voucher', 'NOSUCHCODE', VOUCHER_PICKER_MESSAGES.notFound],
    ['a used voucher', 'SELECTIONUSED', VOUCHER_PICKER_MESSAGES.used],
    ['an expired voucher', 'SELECTIONOLD', VOUCHER_PICKER_MESSAGES.expired],
  ])('refuses %s with the SPEC message and saves nothing', async (_what, code, message) => {
    const res = await save({ level: 1, selectedScenes: ['farm-cow'], voucherCode: code }).expect(400);
    expect(res.body.errors.voucherCode).toBe(message);
    const [row] = await db.query(`SELECT level, voucher_code FROM sessions WHERE id = $1`, [session.id]);
    expect(row).toEqual({ level: 3, voucher_code: 'SELECTIONOK' });
  });

  it('refuses unknown scenes and bad levels without saving', async () => {
    const res = await save({ level: 2, selectedScenes: ['no-such-scene'] }).expect(400);
    expect(res.body.message).toBe(SCENE_MESSAGES.saveSelectionFailed);
    await save({ level: 5, selectedScenes: [] }).expect(400);
    await save({ level: 2, selectedScenes: 'space-moon-walk' }).expect(400);
  });

  describe('custom scenes', () => {
    const scenes = () => http().get('/api/sessions/current/custom-scenes').set('X-Magic-Code', session.magicCode);
    const post = (body: object) => http().post('/api/sessions/current/custom-scenes').set('X-Magic-Code', session.magicCode).send(body);
    let sceneId: string;

    it('creates a custom scene and selects it at once', async () => {
      const res = await post({ title: 'Jungle fun', userPrompt: 'exploring the jungle with a happy monkey' }).expect(201);
      sceneId = res.body.id;
      const view = await http().get('/api/sessions/current').set('X-Magic-Code', session.magicCode).expect(200);
      expect(view.body.selectedScenes).toContain(`custom:${sceneId}`);
      expect((await scenes().expect(200)).body.map((s: { id: string }) => s.id)).toContain(sceneId);
    });

    it('edits it', async () => {
      await http()
        .put(`/api/sessions/current/custom-scenes/${sceneId}`)
        .set('X-Magic-Code', session.magicCode)
        .send({ title: 'Jungle party', userPrompt: 'dancing in the jungle with a giraffe' })
        .expect(200);
      const [row] = await db.query(`SELECT title FROM custom_scenes WHERE id = $1`, [sceneId]);
      expect(row.title).toBe('Jungle party');
    });

    it('refuses an empty or unkind description with the domain messages', async () => {
      const empty = await post({ title: 'Nothing', userPrompt: '  ' }).expect(400);
      expect(empty.body.errors.userPrompt).toBe('Please fill in both title and description');
      const unkind = await post({ title: 'Scary', userPrompt: 'a scary monster attacks the castle' }).expect(400);
      expect(unkind.body.message).toMatch(/^Failed to create\/update custom scene: /);
      expect(checkPrompt('a scary monster attacks the castle').valid).toBe(false);
    });

    it('refuses a title over 50 or a description over 300 characters, and a description too short to draw', async () => {
      const long = await post({ title: 'T'.repeat(51), userPrompt: 'x'.repeat(301) }).expect(400);
      expect(long.body.errors).toEqual({
        title: 'Title must be 50 characters or less',
        userPrompt: 'Description must be 300 characters or less',
      });
      const short = await post({ title: 'Moon', userPrompt: 'the moon' }).expect(400);
      expect(short.body.errors).toEqual({ userPrompt: 'Description is too short' });
      expect(short.body.message).toBe('Failed to create/update custom scene: Description is too short');
    });

    it('shows the preview of a custom scene', async () => {
      const res = await http()
        .get(`/api/sessions/current/preview.png?scene=custom:${sceneId}&level=1`)
        .set('X-Magic-Code', session.magicCode)
        .buffer(true)
        .expect('Content-Type', 'image/png')
        .expect(200);
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta.width).toBe(600);
    });

    it('deletes softly and takes it out of the selection', async () => {
      await http().delete(`/api/sessions/current/custom-scenes/${sceneId}`).set('X-Magic-Code', session.magicCode).expect(204);
      const [row] = await db.query(`SELECT is_active FROM custom_scenes WHERE id = $1`, [sceneId]);
      expect(row.is_active).toBe(false);
      const view = await http().get('/api/sessions/current').set('X-Magic-Code', session.magicCode).expect(200);
      expect(view.body.selectedScenes).not.toContain(`custom:${sceneId}`);
      await http().delete(`/api/sessions/current/custom-scenes/${sceneId}`).set('X-Magic-Code', session.magicCode).expect(404);
      await http().delete(`/api/sessions/current/custom-scenes/not-a-uuid`).set('X-Magic-Code', session.magicCode).expect(400);
    });
  });

  it('serves scene thumbnails to anyone, and 404 for an unknown scene', async () => {
    const res = await http().get('/api/scenes/farm-cow/thumbnail.svg?level=4').expect(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    await http().get('/api/scenes/nope/thumbnail.svg').expect(404);
  });

  it('queues the preview email once per session', async () => {
    const first = await http().post('/api/sessions/current/preview-email').set('X-Magic-Code', session.magicCode).expect(200);
    const again = await http().post('/api/sessions/current/preview-email').set('X-Magic-Code', session.magicCode).expect(200);
    expect([first.body.sent, again.body.sent]).toEqual([true, false]);
  });
});
