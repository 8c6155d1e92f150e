import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type ChangePasswordBody, type userRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const changePassword = (body: ChangePasswordBody) =>
  call<typeof userRoutes.changePassword>(userEndpoints.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { silent: true } });
