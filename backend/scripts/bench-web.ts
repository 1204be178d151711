// `npm run bench:web [-- --duration 10] [--lighthouse]`: the production build under load. Starts a throwaway PostgreSQL and Redis
// (or uses DATABASE_URL and REDIS_URL), then
// `node backend/dist/main.js` with NODE_ENV=production (placeholder Stripe and SMTP settings: no payment or email is made),
// makes one real session (a photo through the API) for /choose-scenes, and drives each page with autocannon at 10 and
// 100 connections. Prints req/s, p50 and p99 latency, non-2xx answers, and each page's rate as a share of /robots.txt's.
// Each request carries its own X-Forwarded-For (trusted from loopback) so per-client rate limits, which this does not
// measure, do not turn the figures into 429s. Run `npm run build` first.
// `--lighthouse` adds Lighthouse's mobile scores; `--lighthouse-only` skips the load runs; `--runs 3` audits each page three
// times and prints the medians (each run's performance score beside the page); `--reports <folder>` keeps each JSON report.
import { spawn, type ChildProcess } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchServices } from './bench-services.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    lighthouse: { type: 'boolean', default: false },
    // Lighthouse alone (no load runs), each page audited this many times, the median printed; each report kept as JSON.
    'lighthouse-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    reports: { type: 'string' },
  },
});
const duration = Math.max(1, Number(args.duration));
const PAGES = ['/', '/products', '/choose-scenes', '/robots.txt'] as const;
const CONNECTIONS = [10, 100];

const lib = await import('../../scripts/lib/services.mjs');
const stops: (() => Promise<unknown>)[] = [];

function requireBuild(): void {
  for (const file of ['backend/dist/main.js', 'frontend/build/server/index.js']) {
    if (!existsSync(join(lib.root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

async function startShop(): Promise<string> {
  const services = await benchServices(stops);
  const port = await lib.freePort();
  const url = `http://127.0.0.1:${port}`;
  const shop: ChildProcess = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: lib.root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      STORAGE_DIR: services.storageDir,
      SESSION_SECRET: 'bench-web-'.repeat(4),
      STRIPE_SECRET_KEY: 'sk_test_bench_web_never_called',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench_web',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-web-admin-password',
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '',
    },
  });
  stops.unshift(
    () =>
      new Promise((resolve) => {
        if (shop.exitCode !== null) return resolve(undefined);
        shop.once('exit', resolve);
        shop.kill('SIGTERM');
      }),
  );
  await lib.waitForHttp(`${url}/api/health`, 120_000);
  return url;
}

/** A parent's session, made as the create page makes it, and the cookie the /continue link gives the browser. */
async function sessionCookie(url: string): Promise<string> {
  const form = new FormData();
  const photo = readFileSync(join(lib.root, 'fixtures', 'photos', 'astronaut.png'));
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'astronaut.png');
  form.set('childName', 'Lily');
  form.set('email', 'bench@example.com');
  const created = await fetch(`${url}/api/sessions`, { method: 'POST', body: form });
  if (created.status !== 201) throw new Error(`POST /api/sessions answered ${created.status}: ${await created.text()}`);
  const { magicCode } = (await created.json()) as { magicCode: string };
  // The portrait is drawn by the worker inside this process (ROLE=all): wait for it, so no job runs during the figures.
  for (let tries = 0; ; tries++) {
    const current = await fetch(`${url}/api/sessions/current`, { headers: { 'X-Magic-Code': magicCode } });
    const { portrait } = (await current.json()) as { portrait: { status: string } };
    if (portrait.status === 'ready') break;
    if (portrait.status === 'failed' || tries > 120) throw new Error(`the session's portrait is ${portrait.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const restored = await fetch(`${url}/continue/${magicCode}`, {
    method: 'POST',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  const cookie = restored.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`POST /continue/<code> answered ${restored.status} without a cookie`);
  return cookie;
}

interface Figures {
  path: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let client = 0;
const nextAddress = (): string => {
  client = (client + 1) % 60_000;
  return `10.9.${Math.floor(client / 250)}.${(client % 250) + 1}`;
};

async function measure(url: string, path: string, connections: number, cookie: string): Promise<Figures> {
  const result = await autocannon({
    url: `${url}${path}`,
    connections,
    duration,
    headers: path === '/choose-scenes' ? { cookie } : {},
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress() } }) }],
  });
  return {
    path,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function print(rows: Figures[]): void {
  const base = new Map(rows.filter((r) => r.path === '/robots.txt').map((r) => [r.connections, r.rps]));
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`\n${cpus().length} cores, ${duration} s per run, production build (NODE_ENV=production, LOG_LEVEL=warn)\n`);
  console.log(
    `${'page'.padEnd(16)}${pad('conns', 6)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}${pad('vs robots', 11)}`,
  );
  for (const r of rows) {
    const ratio = `${Math.round((100 * r.rps) / (base.get(r.connections) ?? NaN))}%`;
    console.log(
      `${r.path.padEnd(16)}${pad(r.connections, 6)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}${pad(ratio, 11)}`,
    );
  }
}

/** What a browser gets for each page: its caching and, asked for gzip or brotli, its encoding and size on the wire. */
async function describe(url: string, cookie: string): Promise<void> {
  console.log(`\n${'response'.padEnd(44)}${'status'.padStart(7)}  ${'encoding'.padEnd(9)}${'bytes'.padStart(8)}  cache-control`);
  // The pages, then what the home page loads with them: its script and stylesheet, a picture, the catalogue's JSON.
  const home = await (await fetch(`${url}/`)).text();
  const assets = ['.js', '.css'].map((ext) => new RegExp(`/assets/[^"]+\\${ext}`).exec(home)?.[0]).filter((a): a is string => Boolean(a));
  for (const path of [...PAGES, ...assets, '/previews/space.webp', '/api/catalogue']) {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (path === '/choose-scenes') headers.cookie = cookie;
    // node:http rather than fetch, which would decode the body and hide its size on the wire.
    const res = await new Promise<IncomingMessage>((resolve, reject) => get(`${url}${path}`, { headers }, resolve).on('error', reject));
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    const encoding = res.headers['content-encoding'] ?? 'none';
    console.log(
      `${path.padEnd(44)}${String(res.statusCode).padStart(7)}  ${encoding.padEnd(9)}${String(bytes).padStart(8)}  ${res.headers['cache-control']}`,
    );
  }
  console.log('');
}

/**
 * Lighthouse's mobile audit (its default: a mid-range phone, throttled to slow 4G) of the pages a parent meets first,
 * in Debian's Chromium started here with a debugging port; the scores of its four categories per page.
 */
async function lighthouseScores(url: string, cookie: string): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const port = await lib.freePort();
  const profile = mkdtempSync(join(lib.root, 'var', 'bench-web-chromium-'));
  const chromium = spawn(
    process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    await lib.waitForHttp(`http://127.0.0.1:${port}/json/version`, 30_000);
    console.log(
      `\nLighthouse ${(JSON.parse(readFileSync(join(lib.root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version}, mobile`,
    );
    console.log(
      `${'page'.padEnd(16)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}${'TBT ms'.padStart(8)}`,
    );
    const runs = Math.max(1, Number(args.runs));
    if (args.reports) mkdirSync(args.reports, { recursive: true });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    for (const path of ['/', '/create', '/choose-scenes']) {
      const results: Record<string, number>[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`${url}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          extraHeaders: path === '/choose-scenes' ? { Cookie: cookie } : undefined,
        });
        const { categories, audits, runtimeError } = result!.lhr;
        const name = path === '/' ? 'home' : path.slice(1);
        if (args.reports) writeFileSync(join(args.reports, `${name}-${run}.json`), result!.report as string);
        // A run whose page Lighthouse could not load scores nothing: say why, and leave it out of the medians.
        if (runtimeError) {
          console.log(`${path} run ${run}: not measured (${runtimeError.code}: ${runtimeError.message})`);
          continue;
        }
        results.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          'best-practices': Math.round((categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
          lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbt: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        });
      }
      if (!results.length) continue;
      const cell = (key: string, width: number) => {
        const values = results.map((r) => r[key]!);
        return String(median(values)).padStart(width);
      };
      const label = runs > 1 ? `${path} (${results.map((r) => r.performance).join(' ')})` : path;
      console.log(
        `${label.padEnd(16)}${cell('performance', 6)}${cell('accessibility', 6)}${cell('best-practices', 6)}${cell('seo', 6)}${cell('fcp', 8)}${cell('lcp', 8)}${cell('tbt', 8)}`,
      );
    }
  } finally {
    // Chromium writes its profile until it has exited: wait for that before removing it.
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    chromium.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

try {
  requireBuild();
  const url = await startShop();
  const cookie = await sessionCookie(url);
  if (!args['lighthouse-only']) await describe(url, cookie);
  // Other work on the machine skews every figure: say how busy it was before the first run.
  console.log(
    `load average (1, 5, 15 min) before the runs: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  if (!args['lighthouse-only']) {
    const rows: Figures[] = [];
    for (const connections of CONNECTIONS) {
      for (const path of PAGES) {
        process.stdout.write(`${path} at ${connections} connections…\n`);
        rows.push(await measure(url, path, connections, cookie));
      }
    }
    print(rows);
  }
  if (args.lighthouse || args['lighthouse-only']) await lighthouseScores(url, cookie);
} finally {
  for (const stop of stops) await stop().catch(() => {});
}
