import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createPortraitEngine, type PortraitEngine } from '../../artwork/portrait/index.js';

/** The worker's one portrait engine: models load once and stay loaded for every later job. */
@Injectable()
export class PortraitEngineProvider implements OnApplicationBootstrap, OnApplicationShutdown {
  private engine?: Promise<PortraitEngine>;

  /** Starts loading the models at boot, so the first parent does not wait for them. */
  onApplicationBootstrap(): void {
    this.get().catch(() => {
      this.engine = undefined;
    });
  }

  get(): Promise<PortraitEngine> {
    this.engine ??= createPortraitEngine();
    return this.engine;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.engine) await (await this.engine).close();
  }
}
