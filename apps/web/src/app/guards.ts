import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath } from '../shared/routes/paths.ts';
import { useLoginStore } from '../shared/session/login-store.ts';

/** Login-required routes: with the stored login state false, go to /login (and come back after). */
export function requireLogin({ request }: LoaderFunctionArgs) {
  if (useLoginStore.getState().loginState) return null;
  const url = new URL(request.url);
  return redirect(loginPath(`${url.pathname}${url.search}`));
}
