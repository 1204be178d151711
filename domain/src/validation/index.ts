// Every validation rule of SPEC §5, one file per rule.
export * from './child-name.js';
export * from './contact.js';
export * from './crop.js';
export * from './custom-scene.js';
export * from './email.js';
export * from './featured-bundle.js';
export * from './magic-code.js';
export * from './photo-file.js';
export * from './result.js';
export * from './share.js';
export * from './voucher.js';
