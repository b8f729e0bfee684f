/**
 * buildApp: the Fastify instance serving the API and the built web app. `main.ts` and every test
 * build the same app (DESIGN.md Layout). Routes are matched case-insensitively (spec: `/api/User/…`
 * and `/api/user/…` are one route).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { frameworkErrors, installErrorHandling } from './platform/http.ts';
import { loggerOptions } from './platform/logging.ts';
import { helmetOptions, securityHeaders } from './platform/securityHeaders.ts';
import { buildContext, type AppContext } from './platform/context.ts';
import { resolveLedgerOrigin } from './modules/ledger/origin.ts';
import { buildServices, registerRoutes, registerWorkers, type Services } from './modules/index.ts';
import { startJobs } from './platform/jobs.ts';
import { opsRoutes } from './modules/system/ops.ts';
import { freshFor } from './modules/system/routes.ts';
import { pageDataLookup } from './platform/pageData.ts';
import { pageDataSources } from './platform/pageDataSources.ts';
import { loadSpaHtml, sendSpaHtml } from './platform/spaRoutes.ts';
import { MSG } from '@cunzheng/contract/messages';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  services: Services;
}

/** TRUST_PROXY (comma-separated addresses/CIDRs) → Fastify's `trustProxy`: false when empty. */
export function trustedProxies(value: string): false | string[] {
  const list = value.split(',').map((p) => p.trim()).filter(Boolean);
  return list.length ? list : false;
}

/**
 * Feeds the metrics (issue 17 §3): deposits counted at each `ledger.committed()` (one per committed
 * deposit), web-capture job durations, and the scrape-time readings (ledger, checkpoint, queue depths).
 */
function instrumentServices(ctx: AppContext, s: Services): void {
  const committed = s.ledger.committed.bind(s.ledger);
  // Issue 16: the ledger size (health, metrics, ready) is read at most once a second, and afresh after every
  // append this process commits; another process's appends show within the second.
  const size = freshFor(s.ledger.size.bind(s.ledger), 1000);
  s.ledger.size = size.get;
  s.ledger.committed = () => {
    size.invalidate();
    ctx.metrics.deposits.inc();
    committed();
  };
  const f = s.forensics.forensics;
  const runJob = f.runJob.bind(f);
  f.runJob = async (data) => {
    const end = ctx.metrics.captureSeconds.startTimer();
    try {
      await runJob(data);
      end({ outcome: 'done' });
    } catch (e) {
      end({ outcome: 'failed' });
      throw e;
    }
  };
  ctx.metrics.readFrom({
    ledgerSize: () => s.ledger.size(),
    lastCheckpoint: () => s.ledger.lastSigned(),
    async queueDepths() {
      if (!ctx.jobs) return {};
      const out: Record<string, number> = {};
      for (const q of await ctx.jobs.boss.getQueues()) out[q.name] = q.queuedCount;
      return out;
    },
  });
}

/**
 * CSP sources (`'sha256-…'`) of the inline scripts (no `src`) in `<webDist>/index.html` — the web build's
 * HTML shell script (issue 16) — so script-src allows them and nothing else inline. Empty without a build.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}'`);
}

/** Builds the app on an open database; `close()` on the app also stops background work (not the database). */
export async function buildApp(config: Config, database: Database, opts: { logger?: boolean | object; jobs?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.LOG_LEVEL), // redaction + safe serializers (issue 9 §4)
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 4000 },
    // Issue 9 §3: only the proxies named in TRUST_PROXY may set the client address through X-Forwarded-For.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors, // bad percent-encoding in the URL → 400 envelope (issue 9 §5)
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  securityHeaders(app, helmetOptions(config, inlineScriptHashes(webDist))); // helmet's headers, middleware built once (issue 16)
  // Issue 16: answers are compressed (br, then gzip) by Accept-Encoding — never a download (Content-Disposition)
  // nor a ranged/media answer (Accept-Ranges): their bytes and Content-Length stay as stored; static assets
  // are served pre-compressed (below). Registered before @fastify/static, as the plugin requires.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.hasHeader('content-disposition') || reply.hasHeader('accept-ranges')) req.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 } });

  // OpenAPI document generated from the route schemas (DESIGN.md docs/: API), served at /api/openapi.json.
  await app.register(swagger, {
    openapi: { info: { title: '存证 Cunzheng API', version: '0.1.0', description: 'Envelope {code, msg, data}; see docs/architecture.md' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await resolveLedgerOrigin(config, database); // issue 10 §2: unique per installation (ledger/origin.ts)
  const ctx = buildContext(config, database, app.log);
  ctx.metrics.instrument(app);
  if (opts.jobs) ctx.jobs = await startJobs({ database, databaseUrl: config.DATABASE_URL, log: app.log });
  const services = buildServices(ctx);
  await services.auth.sealClearCodes(); // issue 9 §4: codes written before encryption are sealed at first start
  instrumentServices(ctx, services);
  await app.register(opsRoutes({
    database,
    blobs: ctx.blobs,
    metrics: ctx.metrics,
    role: config.ROLE,
    chromiumPath: config.CHROMIUM_PATH,
    metricsToken: config.METRICS_TOKEN,
    checkpointMaxAgeSeconds: config.READY_CHECKPOINT_MAX_AGE_SECONDS,
    ledgerSize: () => services.ledger.size(),
    lastCheckpoint: () => services.ledger.lastSigned(),
  }));
  // Issue 17 §2: a worker process answers only health and metrics; its HTTP port is not behind the load balancer.
  if (config.ROLE === 'worker') {
    app.addHook('onRequest', async (req, reply) => {
      const url = (req.url.split('?')[0] ?? '').toLowerCase();
      if (url === '/metrics' || url === '/api/health' || url.startsWith('/api/health/')) return;
      return reply.status(200).send({ code: 404, msg: MSG.API_NOT_FOUND, data: null });
    });
  }
  await registerRoutes(app, ctx, services);
  // ROLE=api only enqueues jobs; `all` and `worker` run them.
  if (ctx.jobs && config.ROLE !== 'api') await registerWorkers(ctx.jobs, ctx, services);
  app.addHook('onClose', async () => {
    await ctx.stop();
    await ctx.jobs?.stop();
  });

  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  // Issue 16: a route's own copy of index.html, with modulepreload links for its page chunks (spaRoutes.ts).
  const spaHtml = loadSpaHtml(webDist);
  if (hasWeb) {
    // Hashed assets are immutable; index.html must be revalidated so a redeploy is picked up.
    // `index: 'index.html'`: `/` serves the app (its route table redirects to /home); another directory
    // path (`/assets/`) has no index file and falls through to the history-mode fallback below. With
    // `index: false` a directory made @fastify/static fail with a 500 envelope (issue 8 §1).
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      preCompressed: true, // the .br / .gz files written by the web build (vite.config.ts)
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Issue 16: certificate and ledger pages get their first API answer with the HTML (platform/pageData.ts).
  const pageData = pageDataLookup(pageDataSources({ certificate: services.certificate, ledger: services.ledger, sessions: ctx.sessions }));
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && hasWeb && !url.toLowerCase().startsWith('/api/')) {
      // History-mode fallback: the SPA's router shows its own 404 page for unknown paths. The HTML is the
      // route's (its page chunks preloaded; same shell and inline script as index.html, so the CSP holds).
      return sendSpaHtml(req, reply, webDist, spaHtml(url), await pageData(url, req));
    }
    return reply.status(200).send({ code: 404, msg: MSG.API_NOT_FOUND, data: null });
  });
  return { app, ctx, services };
}
