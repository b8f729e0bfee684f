/** Minimal types for archiver 8 (ESM, ships no declarations): only what this project uses. */
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';
  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean });
    append(source: Readable | Buffer | string, data: { name: string; date?: Date; store?: boolean }): this;
    finalize(): Promise<void>;
    abort(): this;
  }
}
