import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type RegisterBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const register = (body: RegisterBody) => call(authEndpoints.register, { body });

export const useRegister = () => useMutation({ mutationFn: register, meta: { silent: true } });
