import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiErrorCode } from '@colouring/domain';
import { fixturePortrait } from '../src/artwork/page/fixture-portrait.js';
import { ALL_SCENES } from '../src/artwork/scenes/catalogue.js';
import { createDataSource } from '../src/database/data-source.js';
import { JobName, Jobs } from '../src/infra/jobs.js';
import { PaymentsProvider, TestPayments } from '../src/infra/payments.js';
import { FulfilmentService } from '../src/modules/orders/fulfilment.service.js';
import { SelectionService } from '../src/modules/orders/selection.service.js';
import { SessionsService } from '../src/modules/sessions/index.js';
import { PdfFiles } from '../src/modules/pdf/index.js';
import { orderRow, ordersOf } from './support/orders.js';
import { insertSession } from './support/sessions.js';
import { startTestApp } from './support/test-app.js';

const scratch = mkdtempSync(join(tmpdir(), 'race-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const pdfPages = (pdf: Buffer): number => {
  const file = join(scratch, 'order.pdf');
  writeFileSync(file, pdf);
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the promise has settled within `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
}

// The PDF is printed for real (Chromium) by the worker inside the test app; on a busy 2-core machine that takes a while.
const PRINT_TIMEOUT_MS = 180_000;

describe('a selection saved while the webhook pays the order (issue 10, item 2)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  const email = 'parent@race.test';
  const five = ALL_SCENES.slice(0, 5).map((scene) => scene.id);
  const nine = ALL_SCENES.slice(0, 9).map((scene) => scene.id);

  beforeAll(async () => {
    const started = await startTestApp();
    app = started.app;
    db = createDataSource(started.config);
    await db.initialize();
  });

  afterAll(async () => {
    await db.query(`DELETE FROM sessions WHERE email = $1`, [email]);
    await db.destroy();
    await app.close();
  });

  const http = () => request(app.getHttpServer());

  /** A parent with a portrait and five scenes who has started checkout: the order is frozen; answers the signed paid event. */
  async function parentAtTheCardPage() {
    const session = await insertSession(db, { email, selectedScenes: five });
    await db.query(`INSERT INTO portraits (session_id, art) VALUES ($1, $2)`, [session.id, JSON.stringify(fixturePortrait())]);
    const started = await http().post('/api/checkout').set('X-Magic-Code', session.magicCode).expect(200);
    const provider = app.get(PaymentsProvider) as TestPayments;
    const checkout = (await provider.find(new URL(started.body.url).pathname.split('/').pop()!))!;
    const signed = provider.completedEvent(checkout, new Date());
    return { session, event: provider.parseWebhook(Buffer.from(signed.payload), signed.signature) };
  }

  it(
    'holds the save until the payment commits, then refuses it: the paid order, its PDF pages and the amount agree',
    async () => {
      const { session, event } = await parentAtTheCardPage();
      const fulfilment = app.get(FulfilmentService);
      // A save that read the session before the payment (its guard ran first), and so believes it unpaid.
      const readBeforePayment = (await app.get(SessionsService).findById(session.id))!;
      expect(readBeforePayment.paidAt).toBeNull();

      // The webhook's own transaction, held open after it has recorded the payment. It runs on the app's own
      // connection pool (whose entities TypeORM knows), as the webhook does.
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let recorded!: () => void;
      const paymentRecorded = new Promise<void>((resolve) => (recorded = resolve));
      const webhook = app.get<DataSource>(getDataSourceToken()).transaction(async (manager) => {
        const orderId = await fulfilment.record(event, manager);
        recorded();
        await held;
        return orderId;
      });
      await paymentRecorded;

      // A larger selection from another tab, while the payment is not yet committed: one through the API, and one
      // whose guard had already let it through.
      const larger = { level: 2 as const, selectedScenes: nine };
      const overHttp = http()
        .put('/api/sessions/current/selection')
        .set('X-Magic-Code', session.magicCode)
        .send(larger)
        .then((res) => res);
      const afterGuard = app
        .get(SelectionService)
        .save(readBeforePayment, larger)
        .then(
          () => null,
          (error: { getResponse(): unknown }) => error.getResponse(),
        );
      expect(await settledWithin(Promise.race([overHttp, afterGuard]), 1000)).toBe(false);

      commit();
      const orderId = await webhook;
      expect(orderId).not.toBeNull();
      // What receiveWebhook does after its commit.
      await app.get(Jobs).add(JobName.PrintOrder, { orderId: orderId! });

      const refused = await overHttp;
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: ApiErrorCode.AlreadyPaid, message: 'This order is already paid.' });
      expect(await afterGuard).toMatchObject({ code: ApiErrorCode.AlreadyPaid, message: 'This order is already paid.' });
      const [stored] = await db.query(`SELECT selected_scenes FROM sessions WHERE id = $1`, [session.id]);
      expect(stored.selected_scenes).toEqual(five);

      const [order] = await ordersOf(db, session.id);
      expect(order).toMatchObject({ total_pence: 199, amount_paid_pence: 199, items: five.map((sceneId) => ({ sceneId })) });
      expect(order!.paid_at).toBeInstanceOf(Date);

      let printed = await orderRow(db, order!.id);
      while (printed.pdf_status === 'generating') {
        await sleep(500);
        printed = await orderRow(db, order!.id);
      }
      expect(printed.pdf_status).toBe('ready');
      const pdf = await app.get(PdfFiles).find(order!.id);
      expect(pdfPages(await pdf!.read())).toBe(five.length + 2);
    },
    PRINT_TIMEOUT_MS,
  );

  it('pays the frozen order, not a larger selection saved before the payment arrived', async () => {
    const { session, event } = await parentAtTheCardPage();
    await http()
      .put('/api/sessions/current/selection')
      .set('X-Magic-Code', session.magicCode)
      .send({ level: 2, selectedScenes: nine })
      .expect(200);

    const orderId = await app
      .get<DataSource>(getDataSourceToken())
      .transaction((manager) => app.get(FulfilmentService).record(event, manager));

    const [order] = await ordersOf(db, session.id);
    expect(order!.id).toBe(orderId);
    expect(order).toMatchObject({ total_pence: 199, amount_paid_pence: 199, items: five.map((sceneId) => ({ sceneId })) });
    const [alerts] = await db.query(`SELECT count(*)::int AS count FROM security_alerts WHERE session_id = $1`, [session.id]);
    expect(alerts.count).toBe(0);
  });
});
