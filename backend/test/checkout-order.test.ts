import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SESSION_MESSAGES } from '@colouring/domain';
import { magicCodeHash } from '../src/common/magic-code.js';
import { createDataSource } from '../src/database/data-source.js';
import { PdfFiles } from '../src/modules/pdf/index.js';
import { binaryBody } from './support/binary.js';
import { insertOrder, orderRow } from './support/orders.js';
import { startTestApp } from './support/test-app.js';

const CHILD = 'Checkout Order Test';
const EMAIL = 'order@checkout-order.test';

describe('the order behind the card provider’s checkout id (the thank-you page without the cookie)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let pdfs: PdfFiles;
  let ip = 1;

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    pdfs = app.get(PdfFiles);
    db = createDataSource(started.config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM sessions WHERE email = $1`, [EMAIL]);
    await db.destroy();
    await app.close();
  });

  // Each test from its own address, so the per-address limits are tested on their own.
  const http = () => request(app.getHttpServer());
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${ip++}` });

  async function order(values: { pdfStatus: 'generating' | 'ready' | null; paidHoursAgo?: number; expired?: boolean }) {
    const magicCode = randomBytes(32).toString('hex');
    const checkoutId = `cs_test_${randomBytes(24).toString('hex')}`;
    const paid = values.paidHoursAgo !== undefined;
    const [{ id }] = await db.query(
      `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, selected_scenes, portrait_status)
       VALUES ($1, $2, $3, now() + $4::interval, $5, 'ready') RETURNING id`,
      [
        magicCodeHash(magicCode),
        CHILD,
        EMAIL,
        values.expired ? '-1 second' : '30 days',
        ['farm-cow', 'farm-tractor', 'space-rocket-launch'],
      ],
    );
    const { id: orderId } = await insertOrder(db, id, {
      totalPence: 299,
      providerSessionId: checkoutId,
      paid,
      pdfStatus: values.pdfStatus,
    });
    if (paid) {
      const paidAt = `${values.paidHoursAgo} hours`;
      await db.query(`UPDATE orders SET paid_at = now() - $2::interval WHERE id = $1`, [orderId, paidAt]);
      await db.query(`UPDATE sessions SET paid_at = now() - $2::interval WHERE id = $1`, [id, paidAt]);
    }
    return { id: id as string, orderId, magicCode, checkoutId };
  }

  const invalidAccesses = async () =>
    Number((await db.query(`SELECT count(*) AS n FROM session_audit_log WHERE action = 'invalid_access'`))[0].n);

  it('shows how the order is going, and nothing about who it is for', async () => {
    const paid = await order({ pdfStatus: 'generating', paidHoursAgo: 0 });
    const res = await http().get('/api/checkout/order').query({ session_id: paid.checkoutId }).set(from()).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      paid: true,
      product: 'custom_scenes',
      pageCount: 5,
      pdf: { status: 'generating', progress: 0, pagesDone: 0, pagesTotal: 5, error: null },
      downloadable: false,
    });
    const text = JSON.stringify(res.body);
    for (const secret of [CHILD, EMAIL, paid.id, paid.orderId, paid.magicCode]) expect(text).not.toContain(secret);

    // Before the webhook: the checkout was started, nothing paid yet.
    const waiting = await order({ pdfStatus: null });
    const unpaid = await http().get('/api/checkout/order').query({ session_id: waiting.checkoutId }).set(from()).expect(200);
    expect(unpaid.body).toMatchObject({ paid: false, pdf: { status: null }, downloadable: false });
  });

  it('gives the PDF for a day after payment, then only the email’s link does', async () => {
    const ready = await order({ pdfStatus: 'ready', paidHoursAgo: 1 });
    const pdf = Buffer.from('%PDF-1.7 a colouring book\n%%EOF\n');
    await pdfs.store(ready.orderId, pdf);
    const view = await http().get('/api/checkout/order').query({ session_id: ready.checkoutId }).set(from()).expect(200);
    expect(view.body).toMatchObject({ pdf: { status: 'ready', progress: 100 }, downloadable: true });
    const download = await http()
      .get('/api/checkout/order/pdf')
      .query({ session_id: ready.checkoutId })
      .set(from())
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Checkout-Order-Test-colouring-pages.pdf"');
    expect((download.body as Buffer).equals(pdf)).toBe(true);
    expect((await orderRow(db, ready.orderId)).download_count).toBe(1);

    const older = await order({ pdfStatus: 'ready', paidHoursAgo: 25 });
    await pdfs.store(older.orderId, pdf);
    const later = await http().get('/api/checkout/order').query({ session_id: older.checkoutId }).set(from()).expect(200);
    expect(later.body).toMatchObject({ pdf: { status: 'ready' }, downloadable: false });
    const refused = await http().get('/api/checkout/order/pdf').query({ session_id: older.checkoutId }).set(from()).expect(404);
    expect(refused.body.message).toBe(SESSION_MESSAGES.notFoundOrExpired);
    await pdfs.remove(ready.orderId);
    await pdfs.remove(older.orderId);
  });

  it('answers the same 404 for a missing, malformed, unknown or expired id, and counts each for the security scan', async () => {
    const expired = await order({ pdfStatus: 'ready', paidHoursAgo: 1, expired: true });
    const before = await invalidAccesses();
    for (const query of [{}, { session_id: 'nope' }, { session_id: `cs_test_${'0'.repeat(48)}` }, { session_id: expired.checkoutId }]) {
      const res = await http().get('/api/checkout/order').query(query).set(from()).expect(404);
      expect(res.body.message).toBe(SESSION_MESSAGES.notFoundOrExpired);
    }
    await http().get('/api/checkout/order/pdf').query({ session_id: expired.checkoutId }).set(from()).expect(404);
    expect(await invalidAccesses()).toBe(before + 5);
  });

  it('limits one address to 30 looks a minute (the page polls 12)', async () => {
    const paid = await order({ pdfStatus: 'generating', paidHoursAgo: 0 });
    const address = from();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await http().get('/api/checkout/order').query({ session_id: paid.checkoutId }).set(address)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('names the checkout in the session view, so the page can tell whether the cookie’s session is the order on the address', async () => {
    const paid = await order({ pdfStatus: 'generating', paidHoursAgo: 0 });
    const res = await http().get('/api/sessions/current').set('X-Magic-Code', paid.magicCode).set(from()).expect(200);
    expect(res.body.checkoutId).toBe(paid.checkoutId);
  });
});
