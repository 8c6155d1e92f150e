import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type ChangePasswordBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const changePassword = (body: ChangePasswordBody) => call(userEndpoints.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword, meta: { silent: true } });
