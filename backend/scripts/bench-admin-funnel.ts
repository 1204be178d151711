// `npm run bench:funnel [-- --sessions 100000] [--views 1000000] [--runs 20]`: how fast the admin's Funnel tab answers
// over HTTP with a year of data (decision 031): `sessions` spread over 365 days (80% with art, 40% at checkout, 25% paid;
// a third each product) and page views spread over 13 months (a quarter on the products' start pages). Times
// GET /api/admin/funnel for 1, 7, 30 and 400 days through the whole web app, after a warm-up; prints the median and the
// 95th percentile. A throwaway PostgreSQL and Redis (or DATABASE_URL and REDIS_URL when both are set: the rows it adds
// are removed afterwards).
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { percentile, startAdminApi } from './bench-admin-api.js';

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '100000' },
    views: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
  },
});
const sessions = Number(args.sessions);
const views = Number(args.views);
const runs = Math.max(5, Number(args.runs));
if (!Number.isInteger(sessions) || sessions < 1000 || !Number.isInteger(views) || views < 1000) {
  throw new Error('--sessions and --views must be whole numbers of at least 1000');
}

const stops: (() => Promise<void>)[] = [];

/** The year's sessions and their orders, and 13 months of page views, each in one statement. */
async function fill(db: DataSource, tag: string): Promise<void> {
  await db.query(
    `INSERT INTO sessions (magic_code_hash, child_name, email, expires_at, portrait_status, product_types, created_at)
     SELECT sha256(convert_to($1 || n, 'UTF8')), 'Bench', 'parent' || n || '.' || $1 || '@example.com', now() + interval '30 days',
            CASE WHEN n % 5 = 0 THEN 'failed' ELSE 'ready' END,
            ARRAY[(ARRAY['custom_scenes','single_photo','dot_to_dot'])[1 + n % 3]],
            now() - (n::float / $2) * interval '365 days'
     FROM generate_series(1, $2::int) AS n`,
    [tag, sessions],
  );
  await db.query(
    `INSERT INTO orders (session_id, product, items, level, subtotal_pence, discount_pence, total_pence, amount_paid_pence, paid_at, pdf_status)
     SELECT id, product_types[1], '[]'::jsonb, 2, 199, 0, 199,
            CASE WHEN m % 8 < 5 THEN 199 END, CASE WHEN m % 8 < 5 THEN created_at + interval '10 minutes' END,
            CASE WHEN m % 8 < 5 THEN 'ready' END
     FROM (SELECT id, product_types, created_at, row_number() OVER () AS m FROM sessions
           WHERE email LIKE '%.' || $1 || '@example.com' AND portrait_status = 'ready') s
     WHERE m % 2 = 0`,
    [tag],
  );
  await db.query(
    `INSERT INTO analytics_events (kind, path, data, created_at)
     SELECT 'page_view', (ARRAY['/create','/single-photo','/dot-to-dot','/','/products','/faq','/about','/preview',
                                '/choose-scenes','/checkout','/thank-you','/contact'])[1 + n % 12],
            jsonb_build_object('bench', $1::text), now() - (n::float / $2) * interval '395 days'
     FROM generate_series(1, $2::int) AS n`,
    [tag, views],
  );
  await db.query(`ANALYZE sessions; ANALYZE orders; ANALYZE analytics_events;`);
}

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const { db, base, own, signIn } = await startAdminApi(stops);
  const tag = `f${randomBytes(3).toString('hex')}`;

  const filling = performance.now();
  await fill(db, tag);
  stops.unshift(async () => {
    if (own) return;
    await db.query(`DELETE FROM sessions WHERE email LIKE '%.' || $1 || '@example.com'`, [tag]);
    await db.query(`DELETE FROM analytics_events WHERE data->>'bench' = $1`, [tag]);
  });
  console.log(`${sessions} sessions and ${views} page views added in ${Math.round(performance.now() - filling)} ms`);
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores\n`);

  const token = await signIn();

  const DAY_MS = 86_400_000;
  const cases: [string, Record<string, string>][] = [
    ['1 day', { from: day(0), to: day(0) }],
    ['7 days (the default)', {}],
    ['30 days', { from: day(29 * DAY_MS), to: day(0) }],
    ['400 days (the most)', { from: day(399 * DAY_MS), to: day(0) }],
  ];
  console.log(`${'GET /api/admin/funnel'.padEnd(24)} ${'uploads'.padStart(8)} ${'median'.padStart(9)} ${'p95'.padStart(9)}`);
  for (const [index, [label, query]] of cases.entries()) {
    const client = `198.18.1.${index + 1}`;
    const url = `${base}/admin/funnel?${new URLSearchParams(query)}`;
    const times: number[] = [];
    let uploads = 0;
    for (let run = 0; run < runs + 3; run++) {
      const started = performance.now();
      const answer = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client } });
      const body = (await answer.json()) as { products: { steps: { step: string; count: number }[] }[] };
      const elapsed = performance.now() - started;
      if (!answer.ok) throw new Error(`${label}: ${answer.status} ${JSON.stringify(body)}`);
      uploads = body.products.reduce((sum, p) => sum + (p.steps.find((s) => s.step === 'uploads')?.count ?? 0), 0);
      if (run >= 3) times.push(elapsed); // the first three warm the connection and the plan cache
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(24)} ${String(uploads).padStart(8)} ${`${percentile(times, 50).toFixed(1)} ms`.padStart(9)} ${`${percentile(times, 95).toFixed(1)} ms`.padStart(9)}`,
    );
  }
}

try {
  await main();
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.warn(`cleanup: ${String(error)}`));
}
