/** The whole Drizzle schema; drizzle-kit reads this file. */
export * from './auth.ts';
export * from './evidence.ts';
export * from './ledger.ts';
export * from './platform.ts';
export * from './account.ts';
export * from './anchor.ts';
export * from './audit.ts';
export * from './trust.ts';
export * from './forensics.ts';
export * from './commerce.ts';
export * from './process.ts';
export * from './members.ts';
export * from './issued.ts';
export * from './app.ts';
export * from './music.ts';
export * from './kyc.ts';
export * from './notary.ts';
