// The sessions module's public surface: other modules import from here only.
export { CountedAccess, CurrentMagicCode, CurrentSession, MagicCodeGuard } from './magic-code.guard.js';
export { SessionsModule } from './sessions.module.js';
export {
  SessionsService,
  type NewSession,
  type PortraitStatus,
  type ProductType,
  type Selection,
  type SessionClient,
  type SessionRecord,
} from './sessions.service.js';
