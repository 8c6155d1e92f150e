import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ResetBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const resetPassword = (body: ResetBody) => call(authEndpoints.reset, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword, meta: { silent: true } });
