import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdminEndpoints, type CallBody, type CatalogueEntry } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { catalogueQueryKey } from './list-catalogue.ts';

export type CatalogueUpdateBody = NonNullable<CallBody<typeof billingAdminEndpoints.catalogueUpdate>>;

/** Changes the fields of one product the body names. */
const updateCatalogueEntry = (body: CatalogueUpdateBody) => call(billingAdminEndpoints.catalogueUpdate, { body });

export function useUpdateCatalogueEntry() {
  const client = useQueryClient();
  return useMutation({
    // The row being saved shows what was wrong with it.
    meta: { silent: true },
    mutationFn: updateCatalogueEntry,
    onSuccess(entry) {
      client.setQueryData<CatalogueEntry[]>(catalogueQueryKey, (list) =>
        list?.map((p) => (p.id === entry.id ? entry : p)),
      );
    },
  });
}
