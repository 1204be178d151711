import { availableParallelism } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export interface BrowserPoolOptions {
  /** Chromium to launch (config.chromiumPath); without one, printing fails with BrowserUnavailable. */
  readonly executablePath?: string;
  /** The browser is replaced after this many jobs, so a slow leak in Chromium never grows for long. */
  readonly jobsPerBrowser: number;
  /** Prints running at once across all jobs: one per core. */
  readonly printSlots: number;
  /** The longest one print may take, from loading the HTML to the last PDF byte: this plus the per-page allowance. */
  readonly printTimeoutMs: number;
  readonly printTimeoutPerPageMs: number;
  readonly launchTimeoutMs: number;
}

export const BROWSER_POOL_OPTIONS = Symbol('BROWSER_POOL_OPTIONS');

export const DEFAULT_BROWSER_POOL_OPTIONS: Omit<BrowserPoolOptions, 'executablePath'> = {
  jobsPerBrowser: 50,
  printSlots: availableParallelism(),
  printTimeoutMs: 30_000,
  printTimeoutPerPageMs: 3_000,
  launchTimeoutMs: 30_000,
};

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/** Chromium could not be started (missing, or it failed to launch). */
export class BrowserUnavailable extends Error {
  constructor(cause: unknown) {
    super(`Chromium could not be started: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BrowserUnavailable';
  }
}

/** The browser went away while a job was using it; the next job gets a new one. */
export class BrowserCrashed extends Error {
  constructor(cause: unknown) {
    super(`Chromium stopped during printing: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BrowserCrashed';
  }
}

/** One print went over its time limit; its page was closed. */
export class PrintTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Printing took longer than ${timeoutMs} ms`);
    this.name = 'PrintTimeout';
  }
}

/** What a job can do with its own browser context. */
export interface PdfPrinter {
  /**
   * Loads the HTML (self-contained: no network) and prints it as it asks (`@page` size), backgrounds included;
   * `pages`, the number of pages expected, stretches the time limit.
   */
  printPdf(html: string, options?: { pages?: number }): Promise<Buffer>;
}

export interface BrowserPoolStats {
  /** Browsers launched since start. */
  launches: number;
  /** Jobs the current browser has served. */
  jobsOnBrowser: number;
  connected: boolean;
}

interface Generation {
  readonly browser: Browser;
  /** Settles when the browser disconnects. */
  readonly gone: Promise<void>;
  jobs: number;
  active: number;
  retired: boolean;
}

/** Counts free slots; waiters are served in order. */
class Slots {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

async function within<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<unknown>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout().catch(() => undefined);
      reject(new PrintTimeout(ms));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    // The loser of the race may still reject later (a closed page): nobody waits for it any more.
    work.catch(() => undefined);
  }
}

/**
 * The worker's one long-lived Chromium: launched on first use, a fresh context per job, replaced every
 * `jobsPerBrowser` jobs or when it has gone away (crash, kill); prints limited to one per core.
 */
@Injectable()
export class BrowserPool implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private current?: Promise<Generation>;
  private readonly open = new Set<Generation>();
  private readonly slots: Slots;
  private launches = 0;
  private closed = false;

  constructor(@Inject(BROWSER_POOL_OPTIONS) private readonly options: BrowserPoolOptions) {
    this.slots = new Slots(Math.max(1, options.printSlots));
  }

  /** Runs one job in a fresh browser context, closed afterwards whatever happens. */
  async withContext<T>(work: (printer: PdfPrinter) => Promise<T>): Promise<T> {
    const generation = await this.acquire();
    let context: BrowserContext | undefined;
    try {
      context = await generation.browser
        .newContext({ offline: true, acceptDownloads: false, serviceWorkers: 'block' })
        .catch(async (error: unknown) => {
          throw (await this.wentAway(generation)) ? new BrowserCrashed(error) : error;
        });
      const jobContext = context;
      return await work({
        printPdf: (html, options) =>
          this.print(
            generation,
            jobContext,
            html,
            this.options.printTimeoutMs + (options?.pages ?? 1) * this.options.printTimeoutPerPageMs,
          ),
      });
    } finally {
      await context?.close().catch(() => undefined);
      this.release(generation);
    }
  }

  stats(): BrowserPoolStats {
    const newest = [...this.open].find((g) => !g.retired);
    return { launches: this.launches, jobsOnBrowser: newest?.jobs ?? 0, connected: newest?.browser.isConnected() ?? false };
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.current = undefined;
    await Promise.all([...this.open].map((g) => this.closeBrowser(g)));
  }

  private async acquire(): Promise<Generation> {
    if (this.closed) throw new BrowserUnavailable('the worker is shutting down');
    for (;;) {
      const pending = (this.current ??= this.launch());
      let generation: Generation;
      try {
        generation = await pending;
      } catch (error) {
        if (this.current === pending) this.current = undefined;
        throw error;
      }
      if (generation.browser.isConnected() && generation.jobs < this.options.jobsPerBrowser) {
        generation.jobs++;
        generation.active++;
        return generation;
      }
      if (this.current === pending) this.current = undefined;
      this.retire(generation);
    }
  }

  private release(generation: Generation): void {
    generation.active--;
    if (generation.retired && generation.active === 0) void this.closeBrowser(generation);
  }

  private retire(generation: Generation): void {
    if (generation.retired) return;
    generation.retired = true;
    if (generation.active === 0) void this.closeBrowser(generation);
  }

  private async launch(): Promise<Generation> {
    if (!this.options.executablePath) throw new BrowserUnavailable('no Chromium found (set CHROMIUM_PATH)');
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.options.executablePath,
        args: [...CHROMIUM_ARGS],
        timeout: this.options.launchTimeoutMs,
        // The worker closes the browser itself on shutdown, after jobs in flight.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      throw error instanceof BrowserUnavailable ? error : new BrowserUnavailable(error);
    }
    if (this.closed) {
      await browser.close().catch(() => undefined);
      throw new BrowserUnavailable('the worker is shutting down');
    }
    this.launches++;
    const gone = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
    const generation: Generation = { browser, gone, jobs: 0, active: 0, retired: false };
    this.open.add(generation);
    void gone.then(() => {
      this.open.delete(generation);
      if (!generation.retired)
        this.logger.warn({ launches: this.launches, jobs: generation.jobs }, 'Chromium went away; the next job starts a new one');
    });
    this.logger.log({ launches: this.launches }, 'Chromium started');
    return generation;
  }

  private async closeBrowser(generation: Generation): Promise<void> {
    generation.retired = true;
    this.open.delete(generation);
    await generation.browser.close().catch(() => undefined);
  }

  /** After an error: did the browser die? Playwright may report the closed target a moment before the disconnect. */
  private async wentAway(generation: Generation): Promise<boolean> {
    if (!generation.browser.isConnected()) return true;
    let timer: NodeJS.Timeout | undefined;
    const stillThere = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 500)));
    const result = await Promise.race([generation.gone.then(() => true), stillThere]);
    clearTimeout(timer);
    return result;
  }

  private async print(generation: Generation, context: BrowserContext, html: string, timeoutMs: number): Promise<Buffer> {
    await this.slots.take();
    let page: Page | undefined;
    try {
      return await within(
        (async () => {
          page = await context.newPage();
          await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
          await page.evaluate('document.fonts.ready.then(() => true)');
          return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        })(),
        timeoutMs,
        async () => page?.close(),
      );
    } catch (error) {
      if (error instanceof PrintTimeout) throw error;
      throw (await this.wentAway(generation)) ? new BrowserCrashed(error) : error;
    } finally {
      await page?.close().catch(() => undefined);
      this.slots.give();
    }
  }
}
