import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type UpdateInfoBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

const updateInfo = (body: UpdateInfoBody) => call(userEndpoints.updateInfo, { body });

export const useUpdateInfo = () => useMutation({ mutationFn: updateInfo, meta: { silent: true } });
