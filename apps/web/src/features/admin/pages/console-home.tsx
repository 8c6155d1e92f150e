import { Navigate } from 'react-router';
import { roleAllows } from '@turing/contract';
import { useOperatorMe } from '../api/get-operator-me.ts';
import { CONSOLE_PAGES, consolePath } from '../lib/console-pages.ts';

/** /admin opens the first page the operator's role may use (a moderator's queue, finance's dashboard). */
export function ConsoleHome() {
  const { data } = useOperatorMe();
  if (!data) return null;
  const first = CONSOLE_PAGES.find((p) => roleAllows(data.role, p.roles));
  return <Navigate to={consolePath(first?.key ?? 'audit')} replace />;
}
