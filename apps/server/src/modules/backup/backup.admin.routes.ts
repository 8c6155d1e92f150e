import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BACKUP_CONTENT_TYPE, backupAdminRoutes } from '@turing/contract';
import type { StagedArchive } from './archive-write.ts';
import type { BackupService } from './backup.service.ts';
import { scheduledName } from './retention.ts';

/**
 * The archive of the running product, streamed as it is made: `npm run backup` asks for it when the
 * embedded database belongs to this process. Like the other downloads it is a file, not an envelope.
 */
export async function backupAdminModule(app: FastifyInstance, opts: { backups: Pick<BackupService, 'download'> }) {
  const def = backupAdminRoutes.download;
  app.route({
    method: def.method,
    url: def.path,
    schema: { summary: def.summary },
    config: { auth: false, mutates: def.mutates, roles: def.roles },
    handler: async (req, reply) => {
      // Listened for before anything is staged: whether the archive was all sent, or the caller went
      // away while it was being staged or sent, the staging folder goes with the response.
      const gone = new AbortController();
      let staged: StagedArchive | null = null;
      let stream: Readable | null = null;
      reply.raw.once('close', () => {
        gone.abort();
        stream?.destroy();
        staged?.discard().catch((err: unknown) => req.log.warn({ err }, 'backup staging folder not removed'));
      });
      // Gone before this handler ran: the close came before the listener. (The request stream itself
      // says nothing: it is finished, destroyed even, once its body was read.)
      if (reply.raw.destroyed || req.raw.socket?.destroyed === true) gone.abort();
      staged = await opts.backups.download(req.audit, gone.signal);
      // Gone while its audit row was written: the listener above found nothing to remove yet.
      if (staged && gone.signal.aborted) await staged.discard();
      if (!staged || gone.signal.aborted) {
        req.log.info({ operator: req.operator?.name }, 'backup abandoned: the caller went away while it was staged');
        return reply.code(499).send();
      }
      stream = staged.stream();
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
