/**
 * Offline proof package and public verification routes (issue 3 §4; DESIGN.md Trust design §5):
 *   GET /api/ledger/package?baoquan=&code=  application/zip `证据包-<baoquan>.zip` for the logged-in owner
 *                                           (bearer token) or with the owner's extraction code
 *   GET /api/verify?sha256=                 `{list: [{baoquan, saveTime, chainhash}]}`, public, rate-limited
 * Errors are envelopes (code 400, Chinese message); the zip is only sent once every member is ready.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPackageQuery, ZVerifyQuery } from '@cunzheng/contract/verify';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import { contentDisposition } from '../system/files.ts';
import type { PackageService } from './service.ts';

/** Registers the routes. */
export const packageRoutes = (deps: { pkg: PackageService; sessions: Pick<Sessions, 'optional'> }): FastifyPluginAsyncZod => async (app) => {
  const { pkg } = deps;

  /**
   * GET /api/ledger/package?baoquan=[&code=] → the evidence package zip (VERIFY.md, the file, certificate.pdf,
   * entry.json, proof.tlog-proof, checkpoint.txt, verifier-key.txt, timestamp.tsr, tsa-chain.pem,
   * anchor.json when anchored, manifest.json). 400 请输入保全号 / 保全号不存在 / 请输入证据提取码 /
   * 证据提取码错误 / 证据缺失不可下载 / rate limits.
   */
  app.get('/api/ledger/package', { schema: { querystring: ZPackageQuery } }, async (req, reply) => {
    const prepared = await pkg.prepare(req.query.baoquan, await deps.sessions.optional(req), req.query.code, req.ip);
    reply.header('Content-Disposition', contentDisposition(prepared.zipName));
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.type('application/zip');
    return reply.send(pkg.toZip(prepared));
  });

  /**
   * GET /api/verify?sha256=<64 hex> → `{list: [{baoquan, saveTime, chainhash}]}` (oldest first, at most 50):
   * the certificates of a file hash, for the public /verify page. 400 请输入SHA-256哈希值 /
   * SHA-256哈希值应为64位十六进制字符 / 操作过于频繁，请稍后再试.
   */
  app.get('/api/verify', { schema: { querystring: ZVerifyQuery } }, async (req) => ok(await pkg.lookup(req.query.sha256, req.ip)));
};
