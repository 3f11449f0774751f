import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The ceiling for bench/load.ts: a bare Fastify server answering one captured catalog page (the
// same bytes the app sent) for every request. What the machine can do per request with no app work.

const body = readFileSync(process.argv[2] ?? '', 'utf8');
const app = Fastify();
app.get('/*', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.argv[3] ?? 0) });
process.stdout.write(`${address}\n`);
