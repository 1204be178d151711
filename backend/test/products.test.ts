import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  ApiErrorCode,
  DOT_TO_DOT_MESSAGES,
  EMAIL_MESSAGES,
  MAX_PHOTOS_PER_ORDER,
  PORTRAIT_MESSAGES,
  SESSION_MESSAGES,
  SINGLE_PHOTO_MESSAGES,
} from '@colouring/domain';
import type { AppConfig } from '../src/config/config.js';
import { createDataSource } from '../src/database/data-source.js';
import { PaymentsProvider, TestPayments } from '../src/infra/payments.js';
import { finalEmail } from '../src/modules/email/templates/final-email.js';
import { captureStdout } from './support/logs.js';
import { expectNoPhotoBytes } from './support/no-photo-bytes.js';
import { fixturePhoto, resizedFixture } from './support/photos.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const EMAIL = 'parent@products.test';
const scratch = mkdtempSync(join(tmpdir(), 'products-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** pdfinfo's page count and the size of each page in points (A4 portrait 595x842, landscape 842x595). */
function pdfFacts(pdf: Buffer): { pages: number; sizes: string[] } {
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
    (m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`,
  );
  return { pages, sizes };
}

const A4_PORTRAIT = '595x842';
const A4_LANDSCAPE = '842x595';

/** A drawing such as the art job saves (no photo in it), for rows the test adds straight to the table. */
const FAKE_ART = JSON.stringify({
  width: 300,
  height: 400,
  levels: Object.fromEntries(
    [1, 2, 3, 4].map((l) => [
      l,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><path d="M10 10H290V390H10Z" fill="none" stroke="#000"/></svg>',
    ]),
  ),
});

describe('the single-photo and dot-to-dot products, end to end through the API', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let db: DataSource;
  const logs = captureStdout();

  beforeAll(async () => {
    logs.start();
    ({ app, config } = await startTestApp());
    db = createDataSource(config);
    await db.initialize();
  });

  afterAll(async () => {
    logs.stop();
    await db.query(`DELETE FROM voucher_codes WHERE email LIKE '%@products.test'`);
    await db.query(`DELETE FROM sessions WHERE email LIKE '%@products.test' OR (child_name = 'Customer' AND email = '')`);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());
  let ip = 10;
  const from = () => `198.51.100.${ip++ % 250}`;

  const startDraft = async (email?: string) => {
    const res = await http()
      .post('/api/single-photo')
      .set('X-Forwarded-For', from())
      .send(email === undefined ? {} : { email });
    expect(res.status).toBe(201);
    return res.body as { magicCode: string; order: { sessionId: string } };
  };

  const addPhoto = (code: string, photo: Buffer, name: string, fields: { level?: string; aspect?: string; crop?: string } = {}) => {
    const call = http()
      .post('/api/single-photo/photos')
      .set('X-Magic-Code', code)
      .set('X-Forwarded-For', from())
      .field('level', fields.level ?? '2')
      .field('aspect', fields.aspect ?? 'portrait');
    if (fields.crop) call.field('crop', fields.crop);
    return call.attach('photo', photo, { filename: name, contentType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png' });
  };

  /** Starts the card provider's checkout for the session and answers the signed paid event, as the provider would send it. */
  async function checkoutAndEvent(code: string) {
    const started = await http().post('/api/checkout').set('X-Magic-Code', code).expect(200);
    const provider = app.get(PaymentsProvider) as TestPayments;
    const checkoutId = new URL(started.body.url).pathname.split('/').pop()!;
    const signed = provider.completedEvent((await provider.find(checkoutId))!, new Date());
    return { checkoutId, signed };
  }

  /** The same paid event delivered twice at once: one payment, one order paid. */
  async function payTwiceAtOnce(signed: { payload: string; signature: string }) {
    const deliver = () =>
      http()
        .post('/api/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signed.signature)
        .send(signed.payload);
    const answers = await Promise.all([deliver(), deliver()]);
    for (const answer of answers) expect(answer.status).toBe(200);
  }

  async function pdfWhenReady(checkoutId: string): Promise<{ pdf: Buffer; disposition: string }> {
    for (let i = 0; i < 240; i++) {
      const view = await http().get('/api/checkout/order').query({ session_id: checkoutId }).expect(200);
      if (view.body.pdf.status === 'failed') throw new Error(`the PDF failed: ${view.body.pdf.error}`);
      if (view.body.pdf.status === 'ready') {
        const res = await http()
          .get('/api/checkout/order/pdf')
          .query({ session_id: checkoutId })
          .buffer(true)
          .parse((response, callback) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => callback(null, Buffer.concat(chunks)));
          })
          .expect(200);
        return { pdf: res.body as Buffer, disposition: String(res.headers['content-disposition']) };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the PDF was not ready in time');
  }

  const paidOrders = async (sessionId: string) =>
    (await db.query(`SELECT id FROM orders WHERE session_id = $1 AND paid_at IS NOT NULL`, [sessionId])) as { id: string }[];

  describe('single photo: a draft order of any photos, one per request', () => {
    let code: string;
    let sessionId: string;
    let photoIds: string[];

    beforeAll(async () => {
      const started = await startDraft();
      code = started.magicCode;
      sessionId = started.order.sessionId;
      // A cat in portrait (the server crops the middle), a cup in landscape with the parent's crop, a person at level 4.
      const cat = await addPhoto(code, fixturePhoto('chelsea.png'), 'chelsea.png');
      expect(cat.status).toBe(201);
      const cup = await addPhoto(code, fixturePhoto('coffee.png'), 'coffee.png', {
        aspect: 'landscape',
        crop: JSON.stringify({ x: 0, y: 50, width: 400, height: 300 }),
      });
      expect(cup.status).toBe(201);
      const person = await addPhoto(code, fixturePhoto('grace-hopper.jpg'), 'grace-hopper.jpg', { level: '4' });
      expect(person.status).toBe(201);
      photoIds = person.body.photos.map((p: { id: string }) => p.id);
    });

    it('keeps every photo with its number, level and page orientation, priced by its tier; nobody is named', async () => {
      const res = await http().get('/api/single-photo').set('X-Magic-Code', code).expect(200);
      expect(res.body.photos).toEqual([
        { id: photoIds[0], number: 1, level: 2, aspect: 'portrait' },
        { id: photoIds[1], number: 2, level: 2, aspect: 'landscape' },
        { id: photoIds[2], number: 3, level: 4, aspect: 'portrait' },
      ]);
      expect(res.body.price).toMatchObject({ photoCount: 3, subtotalPence: 199, perPhotoPence: 66, savingsPence: 98, largeOrder: false });
      expect(res.body.maxPhotos).toBe(MAX_PHOTOS_PER_ORDER);
      const [session] = await db.query(`SELECT child_name, product_types FROM sessions WHERE id = $1`, [sessionId]);
      expect(session).toEqual({ child_name: 'Customer', product_types: ['single_photo'] });
    });

    it('deletes each photo once its page art exists: nothing staged, only drawings stored, no photo in Redis, on disk or in the logs', async () => {
      const rows = (await db.query(`SELECT art::text AS art, staging_id FROM order_photos WHERE session_id = $1`, [sessionId])) as {
        art: string;
        staging_id: string | null;
      }[];
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.staging_id).toBeNull();
        expect(row.art).toContain('<svg');
      }
      await expectNoPhotoBytes({ db, config, sessionId, art: rows.map((r) => r.art), logs: logs.text() });
      expect(logs.text()).not.toContain(code);
    });

    it("shows each page's line art as a small PNG, only to its own session", async () => {
      const png = await http()
        .get(`/api/single-photo/photos/${photoIds[1]}/art.png`)
        .query({ level: 1 })
        .set('X-Magic-Code', code)
        .expect(200);
      expect(png.headers['content-type']).toBe('image/png');
      const other = await startDraft();
      await http().get(`/api/single-photo/photos/${photoIds[1]}/art.png`).set('X-Magic-Code', other.magicCode).expect(404);
    });

    it("changes one photo's level, then every photo's ('Apply to all photos'), and removes a photo", async () => {
      let res = await http().put(`/api/single-photo/photos/${photoIds[0]}`).set('X-Magic-Code', code).send({ level: 3 }).expect(200);
      expect(res.body.photos.map((p: { level: number }) => p.level)).toEqual([3, 2, 4]);
      res = await http().put('/api/single-photo/level').set('X-Magic-Code', code).send({ level: 1 }).expect(200);
      expect(res.body.photos.map((p: { level: number }) => p.level)).toEqual([1, 1, 1]);
      const extra = await addPhoto(code, await resizedFixture('camera.png', 400, 300), 'camera.png', { aspect: 'landscape' });
      expect(extra.status).toBe(201);
      const extraId = extra.body.photos[3].id;
      res = await http().delete(`/api/single-photo/photos/${extraId}`).set('X-Magic-Code', code).expect(200);
      expect(res.body.photos).toHaveLength(3);
      const gone = await http().delete(`/api/single-photo/photos/${extraId}`).set('X-Magic-Code', code).expect(404);
      expect(gone.body.message).toBe(SINGLE_PHOTO_MESSAGES.photoNotFound);
      await http().put('/api/single-photo/level').set('X-Magic-Code', code).send({ level: 5 }).expect(400);
    });

    it('refuses a bad photo, level or shape with the domain words, and adds nothing', async () => {
      const bad = await addPhoto(code, Buffer.from('not an image at all, but long enough'.repeat(40)), 'fake.png');
      expect(bad.status).toBe(400);
      const level = await addPhoto(code, await resizedFixture('chelsea.png', 300, 400), 'chelsea.png', { level: '7' });
      expect(level.status).toBe(400);
      expect(level.body.errors.level).toBe(SINGLE_PHOTO_MESSAGES.chooseLevel);
      const aspect = await addPhoto(code, await resizedFixture('chelsea.png', 300, 400), 'chelsea.png', { aspect: 'square' });
      expect(aspect.status).toBe(400);
      expect(aspect.body.errors.aspect).toBe(SINGLE_PHOTO_MESSAGES.chooseAspect);
      const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM order_photos WHERE session_id = $1`, [sessionId]);
      expect(count).toBe(3);
    });

    it('needs a valid email before checkout, in the domain words', async () => {
      const noEmail = await http().get('/api/checkout/summary').set('X-Magic-Code', code).expect(400);
      expect(noEmail.body.errors.email).toBe(SINGLE_PHOTO_MESSAGES.enterValidEmail);
      const bad = await http().put('/api/single-photo/email').set('X-Magic-Code', code).send({ email: 'not-an-email' }).expect(400);
      expect(bad.body.errors.email).toBe(EMAIL_MESSAGES.invalid);
      await http().put('/api/single-photo/email').set('X-Magic-Code', code).send({ email: EMAIL }).expect(200);
      const summary = await http().get('/api/checkout/summary').set('X-Magic-Code', code).expect(200);
      expect(summary.body).toMatchObject({ product: 'single_photo', price: { photoCount: 3, subtotalPence: 199, totalPence: 199 } });
      expect(summary.body.photos).toHaveLength(3);
    });

    it('is paid once by two deliveries of the same event at once, and prints a page per photo the way round its crop', async () => {
      const { checkoutId, signed } = await checkoutAndEvent(code);
      await payTwiceAtOnce(signed);
      expect(await paidOrders(sessionId)).toHaveLength(1);
      const [{ events }] = await db.query(`SELECT count(*)::int AS events FROM payment_events WHERE session_id = $1`, [sessionId]);
      expect(events).toBe(1);
      const { pdf, disposition } = await pdfWhenReady(checkoutId);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(disposition).toBe('attachment; filename="colouring-photos.pdf"');
      expect(pdfFacts(pdf)).toEqual({ pages: 3, sizes: [A4_PORTRAIT, A4_LANDSCAPE, A4_PORTRAIT] });
      // The restore link names the product, so an unpaid draft picks up on its own page (a paid one on thank-you).
      const restored = await http().post('/api/sessions/restore').set('X-Forwarded-For', from()).send({ magicCode: code }).expect(200);
      expect(restored.body).toEqual({ paid: true, product: 'single_photo' });
    });

    it('refuses every change once paid', async () => {
      const add = await addPhoto(code, await resizedFixture('chelsea.png', 300, 400), 'chelsea.png');
      expect(add.status).toBe(400);
      expect(add.body.code).toBe(ApiErrorCode.AlreadyPaid);
      const level = await http().put('/api/single-photo/level').set('X-Magic-Code', code).send({ level: 2 }).expect(400);
      expect(level.body.message).toBe(SESSION_MESSAGES.alreadyPaid);
      await http().delete(`/api/single-photo/photos/${photoIds[0]}`).set('X-Magic-Code', code).expect(400);
    });

    it('is not a custom-pages session: its routes refuse another product', async () => {
      const custom = await insertSession(db, { email: 'custom@products.test' });
      const res = await http().get('/api/single-photo').set('X-Magic-Code', custom.magicCode).expect(400);
      expect(res.body).toMatchObject({ code: ApiErrorCode.WrongProduct, message: SINGLE_PHOTO_MESSAGES.notSinglePhoto });
    });
  });

  describe('single photo: the tier price at every boundary, and the most photos an order holds', () => {
    /** A draft with `count` drawn photos already in it (added straight to the table: the art job is proven above). */
    async function draftWith(count: number) {
      const draft = await startDraft(EMAIL);
      await db.query(
        `INSERT INTO order_photos (session_id, position, level, aspect, art)
         SELECT $1, n, 2, 'portrait', $2::jsonb FROM generate_series(0, $3 - 1) AS n`,
        [draft.order.sessionId, FAKE_ART, count],
      );
      return draft;
    }

    it.each([
      [1, 99],
      [2, 199],
      [3, 199],
      [4, 299],
      [5, 299],
      [6, 499],
      [10, 499],
      [11, 539],
      [25, 1099],
    ])('%i photos cost %ip at checkout', async (count, pence) => {
      const draft = await draftWith(count);
      const summary = await http().get('/api/checkout/summary').set('X-Magic-Code', draft.magicCode).expect(200);
      expect(summary.body.price).toMatchObject({ photoCount: count, subtotalPence: pence, totalPence: pence, largeOrder: count > 10 });
      expect(summary.body.price.savingsPence).toBe(Math.max(0, count * 99 - pence));
    });

    it(`takes the ${MAX_PHOTOS_PER_ORDER}th photo and refuses the next with a clear message`, async () => {
      const draft = await draftWith(MAX_PHOTOS_PER_ORDER - 1);
      const last = await addPhoto(draft.magicCode, await resizedFixture('chelsea.png', 300, 400), 'chelsea.png');
      expect(last.status).toBe(201);
      expect(last.body.photos).toHaveLength(MAX_PHOTOS_PER_ORDER);
      const over = await addPhoto(draft.magicCode, await resizedFixture('chelsea.png', 300, 400), 'chelsea.png');
      expect(over.status).toBe(422);
      expect(over.body.message).toBe(SINGLE_PHOTO_MESSAGES.tooManyPhotos);
      const [{ count, staged }] = await db.query(
        `SELECT (SELECT count(*)::int FROM order_photos WHERE session_id = $1) AS count,
                (SELECT count(*)::int FROM photo_staging WHERE session_id = $1) AS staged`,
        [draft.order.sessionId],
      );
      expect({ count, staged }).toEqual({ count: MAX_PHOTOS_PER_ORDER, staged: 0 });
    });

    it('goes to /products when nothing is chosen yet', async () => {
      const draft = await startDraft(EMAIL);
      const res = await http().get('/api/checkout/summary').set('X-Magic-Code', draft.magicCode).expect(400);
      expect(res.body.code).toBe(ApiErrorCode.NothingChosen);
    });
  });

  describe("dot-to-dot: the child's portrait at level 2, a book of dots and outlines", () => {
    const createDots = (photo: Buffer, name: string, childName = 'Lily') =>
      http()
        .post('/api/sessions')
        .set('X-Forwarded-For', from())
        .field('childName', childName)
        .field('email', EMAIL)
        .field('product', 'dot_to_dot')
        .attach('photo', photo, { filename: name, contentType: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png' });

    it('refuses a photo without a face, and an empty name with its own words, leaving nothing', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM sessions WHERE email = $1 AND 'dot_to_dot' = ANY(product_types)`, [
        EMAIL,
      ]);
      const cup = await createDots(fixturePhoto('coffee.png'), 'coffee.png');
      expect(cup.status).toBe(422);
      expect(cup.body.errors.photo).toBe(PORTRAIT_MESSAGES.noFace);
      const nameless = await createDots(fixturePhoto('grace-hopper.jpg'), 'grace-hopper.jpg', '');
      expect(nameless.status).toBe(400);
      expect(nameless.body.errors.childName).toBe(DOT_TO_DOT_MESSAGES.invalidName);
      const after = await db.query(`SELECT count(*)::int AS n FROM sessions WHERE email = $1 AND 'dot_to_dot' = ANY(product_types)`, [
        EMAIL,
      ]);
      expect(after).toEqual(before);
    });

    it('is sold at £1.49 with a voucher too, paid once by concurrent deliveries, and prints its 8 pages as Lily-dot-to-dot.pdf', async () => {
      const created = await createDots(fixturePhoto('grace-hopper.jpg'), 'grace-hopper.jpg');
      expect(created.status).toBe(201);
      const { magicCode: code, session } = created.body as { magicCode: string; session: { id: string } };
      const [row] = await db.query(`SELECT level, product_types, portrait_status FROM sessions WHERE id = $1`, [session.id]);
      expect(row).toEqual({ level: 2, product_types: ['dot_to_dot'], portrait_status: 'ready' });
      const [{ art }] = await db.query(`SELECT art::text AS art FROM portraits WHERE session_id = $1`, [session.id]);
      await expectNoPhotoBytes({ db, config, sessionId: session.id, art: [art], logs: logs.text() });

      await db.query(
        `INSERT INTO voucher_codes (code, type, value, email, expires_at, is_single_use) VALUES ('DOTS10', 'share_incentive', 10, 'voucher@products.test', now() + interval '1 day', true)`,
      );
      const withVoucher = await http().put('/api/checkout/voucher').set('X-Magic-Code', code).send({ voucherCode: 'dots10' }).expect(200);
      expect(withVoucher.body).toMatchObject({
        product: 'dot_to_dot',
        childName: 'Lily',
        pageCount: 8,
        price: { subtotalPence: 149, discountPence: 15, totalPence: 134, voucher: { code: 'DOTS10', percent: 10 } },
      });
      const { checkoutId, signed } = await checkoutAndEvent(code);
      await payTwiceAtOnce(signed);
      const paid = await paidOrders(session.id);
      expect(paid).toHaveLength(1);
      const [order] = await db.query(`SELECT product, items, amount_paid_pence FROM orders WHERE id = $1`, [paid[0]!.id]);
      expect(order).toEqual({
        product: 'dot_to_dot',
        items: [{ dotsLevel: 1 }, { dotsLevel: 2 }, { dotsLevel: 3 }],
        amount_paid_pence: 134,
      });
      const [{ used }] = await db.query(`SELECT used FROM voucher_codes WHERE code = 'DOTS10'`);
      expect(used).toBe(true);

      const restored = await http().post('/api/sessions/restore').set('X-Forwarded-For', from()).send({ magicCode: code }).expect(200);
      expect(restored.body).toEqual({ paid: true, product: 'dot_to_dot' });
      const { pdf, disposition } = await pdfWhenReady(checkoutId);
      expect(disposition).toBe('attachment; filename="Lily-dot-to-dot.pdf"');
      const facts = pdfFacts(pdf);
      expect(facts.pages).toBe(8);
      expect(new Set(facts.sizes)).toEqual(new Set([A4_PORTRAIT]));
    });

    it('refuses a voucher that does not exist with the checkout words', async () => {
      const draft = await startDraft(EMAIL);
      const res = await http().put('/api/checkout/voucher').set('X-Magic-Code', draft.magicCode).send({ voucherCode: 'NOPE' }).expect(400);
      expect(res.body.code).toBe(ApiErrorCode.VoucherUnusable);
    });
  });
});

describe('the final email names the book each product makes', () => {
  const words = (product: 'custom_scenes' | 'single_photo' | 'dot_to_dot', childName: string) =>
    finalEmail({ product, childName, code: null, pdfAttached: true, publicUrl: 'https://shop.test' });

  it('names the child for the custom pages and the dot-to-dot book, and nobody for single photos', () => {
    expect(words('custom_scenes', 'Lily').subject).toBe('Lily’s colouring pages are ready');
    expect(words('dot_to_dot', 'Lily').subject).toBe('Lily’s dot-to-dot book is ready');
    const photos = words('single_photo', 'Customer');
    expect(photos.subject).toBe('Your colouring pages are ready');
    expect(photos.text).toContain('Your photos are now colouring pages');
    expect(photos.text).not.toContain('Customer');
  });
});
