import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type authRoutes, type LoginBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const login = (body: LoginBody) => call<typeof authRoutes.login>(authEndpoints.login, { body });

export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
