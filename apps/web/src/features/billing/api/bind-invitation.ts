import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';
import { refreshBalance } from './refresh.ts';

const bindInvitation = (code: string) => call(billingEndpoints.invitationBind, { body: { code } });

/** Enters another user's invitation code, once; the form shows a refusal under its field. */
export function useBindInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindInvitation,
    meta: { silent: true },
    onSuccess: ({ bonusPaid: _, ...invitation }) => {
      client.setQueryData(billingKeys.invitation, invitation);
      return refreshBalance(client);
    },
  });
}
