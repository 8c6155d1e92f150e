import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type userRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const logout = () => call<typeof userRoutes.logout>(userEndpoints.logout);

export const useLogout = () => useMutation({ mutationFn: logout, meta: { silent: true } });
