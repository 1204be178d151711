import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/index.js';
import { PortraitEngineProvider } from './portrait-engine.provider.js';
import { PortraitProcessor } from './portrait.processor.js';
import { UploadsModule } from './uploads.module.js';

/** The worker side: the portrait job and the worker's one portrait engine. */
@Module({
  imports: [UploadsModule, SessionsModule],
  providers: [PortraitEngineProvider, PortraitProcessor],
})
export class UploadsWorkerModule {}
