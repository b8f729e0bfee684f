/**
 * `npm run pay-sandbox`: the local Alipay sandbox gateway (issue 13 §2) as its own process, for a setup
 * that wants the provider outside the API server. It uses the sandbox keys of DATA_DIR
 * (`keys/alipay-sandbox.json`, created on first use and shared with the server) and listens on
 * PAY_SANDBOX_PORT (default 8091). Point the server at it with
 * `ALIPAY_GATEWAY=http://localhost:8091/pay-sandbox/gateway.do` (and no ALIPAY_APP_ID). Notifications go
 * to the notify_url of each request by HTTP POST.
 */
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { loadConfig } from '../src/config.ts';
import { sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { sandboxRoutes } from '../src/modules/commerce/sandbox.ts';
import { SANDBOX_PREFIX } from '../src/modules/commerce/wire.ts';

const config = loadConfig();
const port = Number(process.env.PAY_SANDBOX_PORT ?? 8091);
const app = Fastify({ logger: { level: 'info' } });
await app.register(formbody);
await app.register(sandboxRoutes({
  keys: sandboxKeys(config.dataDir),
  deliver: async (url, form) => (await fetch(url, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(10_000) })).text(),
}), { prefix: SANDBOX_PREFIX });
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)));
