import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const login = (body: LoginBody) => call(authEndpoints.login, { body });

export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
