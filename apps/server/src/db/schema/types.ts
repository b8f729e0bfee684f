/** Column helpers shared by the schema files. */
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea mapped to a Node Buffer (PGlite returns Uint8Array; normalised here). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});
