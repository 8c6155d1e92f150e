import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type VerCodeBody } from '@turing/contract';
import { call } from '../http/client.ts';

const sendCode = (body: VerCodeBody) => call(authEndpoints.verCode, { body });

export const useSendCode = () => useMutation({ mutationFn: sendCode, meta: { silent: true } });
