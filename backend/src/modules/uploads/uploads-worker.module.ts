import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/index.js';
import { PortraitEngineProvider } from './portrait-engine.provider.js';
import { PhotoArtProcessor } from './photo-art.processor.js';
import { PortraitProcessor } from './portrait.processor.js';
import { UploadsModule } from './uploads.module.js';

/** The worker side: the portrait job with the worker's one portrait engine, and the single-photo art job. */
@Module({
  imports: [UploadsModule, SessionsModule],
  providers: [PortraitEngineProvider, PortraitProcessor, PhotoArtProcessor],
})
export class UploadsWorkerModule {}
