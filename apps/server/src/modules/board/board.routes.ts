import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentDisposition, BOARD_EXPORT_PATH, boardExportBody } from '@turing/contract';
import type { BoardService } from './board.service.ts';

/** Boards one user may export in a minute: a person trying settings, not a script. */
export const BOARD_EXPORTS_PER_MINUTE = 10;

export async function boardRoutes(app: FastifyInstance, opts: { boards: BoardService }) {
  const { boards } = opts;

  // A file rather than an envelope; refusals (validation, an image that is not the caller's, a busy
  // renderer, the rate limit) come before the first byte, as envelopes.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: BOARD_EXPORT_PATH,
    schema: {
      summary:
        'Exports a presentation board of the caller’s images: a PDF, a PNG of a one-page board, or a ZIP of page PNGs (a file, not an envelope)',
      body: boardExportBody,
    },
    config: {
      auth: true,
      rateLimit: {
        max: BOARD_EXPORTS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
      },
    },
    handler: async (req, reply) => {
      const file = await boards.export(req.user!.id, req.body);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
