import { useMutation } from '@tanstack/react-query';
import { userEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const logout = () => call(userEndpoints.logout);

export const useLogout = () => useMutation({ mutationFn: logout, meta: { silent: true } });
