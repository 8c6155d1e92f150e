import { roleAllows, type OperatorRole } from '@turing/contract';
import { useOperatorMe } from '../api/get-operator-me.ts';

/** Whether the operator's role allows calls that name `roles` (owners may do everything). */
export function useCan(roles: readonly OperatorRole[]): boolean {
  const { data } = useOperatorMe();
  return data ? roleAllows(data.role, roles) : false;
}
