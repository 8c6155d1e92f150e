import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type BindContactBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const bindContact = (body: BindContactBody) => call(userEndpoints.bindContact, { body });

export const useBindContact = () => useMutation({ mutationFn: bindContact, meta: { silent: true } });
