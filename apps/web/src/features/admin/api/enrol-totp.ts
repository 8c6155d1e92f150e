import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';

const enrolTotp = () => call(adminConsoleEndpoints.totpEnrol);

/** Starts setting up an authenticator app: its secret and the otpauth:// address for the QR code. */
export function useEnrolTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enrolTotp,
    onSettled: () => client.invalidateQueries({ queryKey: operatorMeQueryKey }),
  });
}
