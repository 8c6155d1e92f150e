import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { wordPackagesKey } from './list-word-packages.ts';

const deleteWordPackage = (id: string) => call(designEndpoints.wordPackageDelete, { body: { id } });

export function useDeleteWordPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWordPackage,
    onSuccess: () => client.invalidateQueries({ queryKey: wordPackagesKey }),
  });
}
