import { useMutation, useQueryClient } from '@tanstack/react-query';
import { systemAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { auditQueryKey } from './list-audit.ts';
import { enginesQueryKey } from './list-engines.ts';

const resumeEngineServer = (url: string) => call(systemAdminEndpoints.resume, { body: { url } });

/** Puts a drained server back into rotation. */
export function useResumeEngineServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resumeEngineServer,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: enginesQueryKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
