/** Baseline for http.bench.ts: a bare Fastify route answering a fixed JSON body (argv: port, json file). */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/api/share/getView', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
