import { useMutation, useQueryClient } from '@tanstack/react-query';
import { systemAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { auditQueryKey } from './list-audit.ts';
import { enginesQueryKey } from './list-engines.ts';

const drainEngineServer = (url: string) => call(systemAdminEndpoints.drain, { body: { url } });

/** Takes a server out of rotation: it finishes its work and gets no new work. */
export function useDrainEngineServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: drainEngineServer,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: enginesQueryKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
