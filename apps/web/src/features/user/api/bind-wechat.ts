import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type userRoutes } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const bindWechat = (code: string) =>
  call<typeof userRoutes.bindWechat>(userEndpoints.bindWechat, { query: { code } });

export const useBindWechat = () => useMutation({ mutationFn: bindWechat, meta: { silent: true } });
