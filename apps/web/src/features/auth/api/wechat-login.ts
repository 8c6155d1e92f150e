import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type authRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const wechatLogin = (code: string) =>
  call<typeof authRoutes.wechatLogin>(authEndpoints.wechatLogin, { query: { code } });

export const useWechatLogin = () => useMutation({ mutationFn: wechatLogin, meta: { silent: true } });
