import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../components/console-page.tsx';
import { UserDrawer } from '../components/users/user-drawer.tsx';
import { UserSearch } from '../components/users/user-search.tsx';

/**
 * Finding a user and reading their account. The search (`?q=`) and the open account (`?user=`) live
 * in the address, so an account can be linked from another page and reopened with the back button.
 */
export function UsersPage() {
  const { t } = useTranslation('admin-users');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const user = params.get('user');

  const setParam = (name: 'q' | 'user', value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <ConsolePage title={t('users.title')}>
      <UserSearch q={q} onSearch={(text) => setParam('q', text || null)} onOpen={(id) => setParam('user', id)} />
      <UserDrawer user={user} onOpen={(id) => setParam('user', id)} onClose={() => setParam('user', null)} />
    </ConsolePage>
  );
}
