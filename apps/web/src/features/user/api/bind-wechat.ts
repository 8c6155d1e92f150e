import { useMutation } from '@tanstack/react-query';
import { userEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

/** Redeems the one-time ticket the server's WeChat callback gave this session; never a WeChat code. */
const bindWechat = (ticket: string) => call(userEndpoints.bindWechat, { query: { ticket } });

export const useBindWechat = () => useMutation({ mutationFn: bindWechat, meta: { silent: true } });
