import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints, type WordPackageBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { wordPackagesKey } from './list-word-packages.ts';

const createWordPackage = (body: WordPackageBody) => call(designEndpoints.wordPackageCreate, { body });

const updateWordPackage = (body: WordPackageBody & { id: string }) => call(designEndpoints.wordPackageUpdate, { body });

/** Creates (no id) or changes (id) a custom word package; forms show field errors themselves. */
export function useSaveWordPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WordPackageBody & { id?: string }) =>
      body.id ? updateWordPackage({ ...body, id: body.id }) : createWordPackage(body),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: wordPackagesKey }),
  });
}
