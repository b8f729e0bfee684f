/**
 * Security headers (CSP, HSTS, X-Frame-Options…; helmet) on every answer. Issue 16: @fastify/helmet built
 * helmet's middleware anew for every request (`helmet(config)` in its onRequest hook, ≈ 54 µs against
 * ≈ 10 µs for a middleware built once) and added a second hook for `reply.helmet` / CSP nonces, which
 * nothing here uses. This hook runs one middleware built at start: the same headers, values and order as
 * @fastify/helmet registered globally with the same options (test/security-headers.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Helmet's options for this app: CSP with the web build's inline scripts (`scriptHashes`) and the payment gateway. */
export function helmetOptions(config: Pick<Config, 'ALIPAY_GATEWAY' | 'ALIPAY_APP_ID'>, scriptHashes: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // App capture (issue 12 §1): the recorded video/audio is previewed from a blob: URL before upload.
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Issue 16: plus exactly the inline scripts of the web build's index.html (the HTML shell's), by hash.
        scriptSrc: ["'self'", ...scriptHashes],
        frameSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Recharge (issue 13): the page submits the payment form to the provider's gateway.
        formAction: ["'self'", ...(config.ALIPAY_GATEWAY ? [new URL(config.ALIPAY_GATEWAY).origin] : config.ALIPAY_APP_ID ? ['https://openapi.alipay.com'] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** Adds the onRequest hook that sets helmet's headers (`options`) on every answer, from one middleware built now. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const middleware = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    middleware(req.raw, reply.raw, (err?: unknown) => (err ? done(err as Error) : done()));
  });
}
