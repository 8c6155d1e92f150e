// Child process for the throughput benchmark: `tsx server.ts app|bare` prints `ready <port> <cookie>`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { createSessionRepository } from '../apps/server/src/modules/auth/session.repository.ts';
import { createSessionService } from '../apps/server/src/modules/auth/session.service.ts';

const which = process.argv[2];

if (which === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`ready ${(app.server.address() as { port: number }).port} -`);
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const database = await openPglite(path.join(dataDir, 'db'));
  const app = await buildApp({ config, database, logger: false });
  const [user] = await database.db
    .insert(users)
    .values({ username: 'bench', nickname: 'Bench', inviteCode: 'BENCH001' })
    .returning();
  const { token } = await createSessionService(createSessionRepository(database.db)).create(user!.id);
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`ready ${(app.server.address() as { port: number }).port} sid=${token}`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  });
}
