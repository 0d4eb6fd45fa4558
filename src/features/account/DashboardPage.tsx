// The investor dashboard, for now: the user's name and links to settings (the lists come later).
import { useSelector } from '@xstate/react';
import { useAppSystem } from '../../app/AppSystemContext';
import type { Screen } from '../../app/screen';
import type { User } from '../../api/types';
import { LinkButton } from '../../components/ui/Button';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../config/paths';
import { useLanguage, useT } from '../../i18n/i18n';
import { AccountPage, Actions, Muted } from './ui';

export const DashboardPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const user = useSelector(auth, (s) => s.context.user as User | null);
  const name = user ? `${user.userData.firstName} ${user.userData.lastName}`.trim() : '';
  usePageTitle(t('account.dashboard.title'));
  return (
    <AccountPage data-testid="page-dashboard">
      <h1>{t('account.dashboard.title')}</h1>
      {name && <p data-testid="dashboard-name">{t('account.dashboard.hello', { name })}</p>}
      <Muted>{t('account.dashboard.intro')}</Muted>
      <Actions>
        <LinkButton href={href(language, 'settings')}>{t('account.dashboard.settings')}</LinkButton>
      </Actions>
    </AccountPage>
  );
};
