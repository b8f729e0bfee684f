/**
 * @cunzheng/contract: what server and web share (DESIGN.md layout): the Chinese messages, business
 * constants, the validators of spec p2 §5 (pure functions and zod fields), and the zod schemas of each
 * call's request and answer data, one file per context. Subpaths work too: `@cunzheng/contract/messages`.
 */
export * from './messages.ts';
export * from './constants.ts';
export * from './validators.ts';
export * from './common.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './evidence.ts';
export * from './evidenceKinds.ts';
export * from './certificate.ts';
export * from './forensics.ts';
export * from './process.ts';
export * from './system.ts';
export * from './account.ts';
export * from './anchor.ts';
export * from './audit.ts';
export * from './verify.ts';
export * from './ledger/index.ts';
