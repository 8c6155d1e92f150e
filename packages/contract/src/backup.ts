import { z } from 'zod';
import { adminEndpoints } from './admin.roles.ts';
import { route } from './route.ts';

/**
 * The operator's backup of a running server: `npm run backup` asks for it when the embedded
 * database belongs to the running process (see docs/operations.md). Owners only: the archive holds
 * every account, order and image. A POST, and a change like any other admin action: it needs the
 * app's header (a cross-site page cannot start one), writes an audit row, and makes an archive on
 * the server, which no navigation or prefetch should do.
 */
export const backupAdminEndpoints = adminEndpoints({
  download: { method: 'POST', path: '/admin/backup', auth: false, mutates: true, roles: ['owner'] },
});

/** The archive's media type: a gzip-compressed tar (manifest.json, then the database dump, then the files). */
export const BACKUP_CONTENT_TYPE = 'application/gzip';

export const backupAdminRoutes = {
  download: route({
    ...backupAdminEndpoints.download,
    response: z.string(),
    summary:
      'A backup archive of the whole product, made now (tar.gz: manifest.json, the database dump, the local files), not an envelope; one at a time per server',
  }),
};
