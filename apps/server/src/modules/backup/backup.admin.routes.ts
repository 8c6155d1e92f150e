import type { FastifyInstance } from 'fastify';
import { BACKUP_CONTENT_TYPE, backupAdminRoutes } from '@turing/contract';
import type { BackupService } from './backup.service.ts';
import { scheduledName } from './retention.ts';

/**
 * The archive of the running product, streamed as it is made: `npm run backup` asks for it when the
 * embedded database belongs to this process. Like the other downloads it is a file, not an envelope.
 */
export async function backupAdminModule(app: FastifyInstance, opts: { backups: Pick<BackupService, 'stage'> }) {
  const def = backupAdminRoutes.download;
  app.route({
    method: def.method,
    url: def.path,
    schema: { summary: def.summary },
    config: { auth: false, mutates: def.mutates, roles: def.roles },
    handler: async (req, reply) => {
      const staged = await opts.backups.stage();
      const stream = staged.stream();
      // Whether it was all sent or the caller went away, the staging folder goes with the response.
      reply.raw.once('close', () => {
        stream.destroy();
        staged.discard().catch((err: unknown) => req.log.warn({ err }, 'backup staging folder not removed'));
      });
      const { manifest } = staged;
      req.log.info(
        { operator: req.operator?.name, files: manifest.files.count, bytes: manifest.files.bytes },
        'backup downloaded',
      );
      return reply
        .header('content-type', BACKUP_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${scheduledName(new Date(manifest.createdAt))}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
