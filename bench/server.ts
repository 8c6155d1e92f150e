// Child process for the throughput baseline: `tsx server.ts` prints `ready <port>`.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready ${(app.server.address() as { port: number }).port}`);
