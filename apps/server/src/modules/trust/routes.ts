/**
 * Trust routes (issue 3 §1; DESIGN.md Trust design §3):
 *   POST /tsa                     RFC 3161 over HTTP (application/timestamp-query → application/timestamp-reply)
 *   GET  /api/trust/tsa-chain.pem the TSA certificate, then its CA certificates (for `openssl ts -verify`)
 *   GET  /api/trust/root.pem      the platform root CA (to trust the TSA and the signed certificate PDFs)
 *   GET  /api/trust/timestamp     the time-stamp of a certificate's file, as a `.tsr` (no login: it holds
 *                                 only the file hash, the time and the TSA's signature)
 * The plugin awaits the trust keys, so a bad TSA_/PDF_SIGN_ configuration stops the app at start.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetViewQuery } from '@cunzheng/contract/certificate';
import { MSG } from '@cunzheng/contract/messages';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { TrustService } from './service.ts';
import { FAIL } from './tsa-server.ts';

/** Time-stamp requests per IP per minute (each costs a signature). */
export const TSA_LIMIT_PER_IP = { max: 600, windowSeconds: 60 } as const;

/** Bodies above this are refused by Fastify before parsing (the TSA itself refuses queries over 4 KiB). */
const BODY_LIMIT = 64 * 1024;

const REPLY_TYPE = 'application/timestamp-reply';

/** Registers the trust routes. */
export const trustRoutes = (deps: {
  trust: Pick<TrustService, 'ready' | 'respond' | 'reject' | 'tsaChainPem' | 'rootPem' | 'tokenFor' | 'rootCrl' | 'waczCertificate'>;
  limiter: RateLimiter;
  /** Evidence id of a certificate number (evidence service `findByBaoquan`), or null when unknown. */
  findEvidenceId(baoquan: string): Promise<number | null>;
}): FastifyPluginAsyncZod => async (app) => {
  const { trust } = deps;
  await trust.ready();

  /**
   * GET /api/trust/tsa-chain.pem → PEM text: the TSA certificate (built-in, or TSA_CHAIN when TSA_URL is
   * set), then its CA certificates up to the root. Use the first as `-untrusted` and the last as `-CAfile`.
   */
  app.get('/api/trust/tsa-chain.pem', async (_req, reply) => reply.type('application/pem-certificate-chain; charset=utf-8').send(await trust.tsaChainPem()));

  /** GET /api/trust/root.pem → PEM text of the platform root CA (issuer of the TSA and PDF-signing certificates). */
  /**
   * GET /api/trust/root.crl → the root CA's certificate revocation list (DER, application/pkix-crl; issue
   * 10 §3), a stable URL for long-term validation; 400 根证书吊销列表不可用 when the root is supplied externally.
   */
  app.get('/api/trust/root.crl', async (_req, reply) => {
    const crl = await trust.rootCrl();
    if (!crl) throw badRequest('根证书吊销列表不可用');
    return reply.type('application/pkix-crl').header('cache-control', 'public, max-age=3600').send(crl);
  });

  app.get('/api/trust/root.pem', async (_req, reply) => reply.type('application/pem-certificate-chain; charset=utf-8').send(await trust.rootPem()));

  /**
   * GET /api/trust/wacz-signing.pem → PEM text: the certificate of the WACZ signing key issued by the
   * platform root, then the root (issue 10 §4; the chain every WACZ carries in signedData.crossSignedCert).
   * 400 WACZ签名证书不可用 when the root is supplied externally.
   */
  app.get('/api/trust/wacz-signing.pem', async (_req, reply) => {
    const pem = await trust.waczCertificate();
    if (!pem) throw badRequest('WACZ签名证书不可用');
    return reply.type('application/pem-certificate-chain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(pem);
  });

  /**
   * GET /api/trust/timestamp?baoquan= → `timestamp-<baoquan>.tsr` (application/timestamp-reply): the granted
   * TimeStampResp holding the file's RFC 3161 token, for
   * `openssl ts -verify -data <file> -in timestamp.tsr -CAfile root.pem`.
   * 400 请输入保全号 / 保全号不存在 (also for evidence deposited before time-stamping existed).
   */
  app.get('/api/trust/timestamp', { schema: { querystring: ZGetViewQuery } }, async (req, reply) => {
    const baoquan = req.query.baoquan.trim().toUpperCase();
    const id = await deps.findEvidenceId(baoquan);
    const rec = id === null ? null : await trust.tokenFor(id);
    if (!rec) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    return reply
      .type(REPLY_TYPE)
      .header('content-disposition', `attachment; filename="timestamp-${baoquan}.tsr"`)
      .send(rec.response);
  });

  // The time-stamp endpoint in its own scope: raw bodies of any type, and errors answered as TimeStampResp.
  await app.register(async (tsa) => {
    tsa.removeAllContentTypeParsers();
    tsa.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    tsa.setErrorHandler(async (err, req, reply) => {
      req.log.warn({ err: (err as Error).message }, 'tsa request refused');
      return reply.status(200).type(REPLY_TYPE).send(await trust.reject(FAIL.badRequest, 'bad request'));
    });

    /**
     * POST /tsa: body = DER TimeStampReq (Content-Type application/timestamp-query; any type is read as
     * bytes) → 200 application/timestamp-reply, DER TimeStampResp: granted with a token, or status
     * rejection with a PKIFailureInfo for malformed or unsupported queries and rate-limited callers
     * (TSA_LIMIT_PER_IP). Never a JSON envelope.
     */
    tsa.post('/tsa', async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let answer: Buffer;
      try {
        await deps.limiter.hit([{ key: `tsa:ip:${req.ip}`, ...TSA_LIMIT_PER_IP }]);
        answer = await trust.respond(body);
      } catch (e) {
        const limited = e instanceof AppError && e.code === 429;
        if (!limited) req.log.error({ err: e }, 'tsa failure');
        answer = await trust.reject(FAIL.systemFailure, limited ? 'too many requests, retry later' : 'time-stamping unavailable');
      }
      return reply.status(200).type(REPLY_TYPE).header('cache-control', 'no-store').send(answer);
    });
  });
};
