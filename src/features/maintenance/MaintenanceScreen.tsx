// The only screen while the gate is closed (SPEC §2). On the login route it also offers the login form,
// so someone allowed through (an operator) can get in.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { maintenanceText } from '../../../machines/maintenance.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import { useSession } from '../../system/useSession';
import { useT } from '../../i18n/i18n';
import { Button } from '../../components/ui/Button';
import { LoginForm } from '../../components/forms/LoginForm';

export function MaintenanceScreen({ showLogin }: { showLogin: boolean }) {
  const t = useT();
  const { maintenance, auth } = useAppSystem();
  const config = useSelector(maintenance, (s) => s.context.config);
  // A 503 the operator wrote no text for still says what is going on, and offers to try again.
  const unavailable = useSelector(maintenance, (s) => s.context.serviceUnavailable);
  const loginErrors = useSelector(auth, (s) => s.context.loginErrors);
  const loggingIn = useSelector(auth, (s) => s.hasTag('loading'));
  const { loggedIn } = useSession();
  const text =
    maintenanceText(config) ??
    (unavailable ? { title: t('maintenance.unavailableTitle'), message: t('maintenance.unavailableMessage') } : null);

  return (
    <Screen data-testid="maintenance-screen">
      <main>
        <Logo aria-hidden="true">◆</Logo>
        {text?.title && <h1>{text.title}</h1>}
        {text?.message && <Message dangerouslySetInnerHTML={{ __html: text.message }} />}
        {unavailable && (
          <Button variant="secondary" onClick={() => maintenance.send({ type: 'maintenance.retried' })}>
            {t('maintenance.retry')}
          </Button>
        )}
        {loggedIn && (
          // A signed-in investor whose calls are refused can still leave the session.
          <Button variant="secondary" onClick={() => auth.send({ type: 'auth.logoutRequested' })}>
            {t('auth.logout')}
          </Button>
        )}
        {showLogin && !loggedIn && (
          <section aria-labelledby="maintenance-login-heading">
            <h2 id="maintenance-login-heading">{t('maintenance.login')}</h2>
            <LoginForm
              errors={loginErrors}
              loading={loggingIn}
              onSubmit={(email, password) => auth.send({ type: 'auth.loginSubmitted', email, password })}
            />
          </section>
        )}
      </main>
    </Screen>
  );
}

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
  background: ${({ theme }) => theme.colors.cream};
  main {
    max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
    display: grid;
    gap: 16px;
    justify-items: center;
    text-align: center;
  }
  h1 {
    color: ${({ theme }) => theme.colors.brown};
    margin: 0;
  }
  section {
    display: grid;
    justify-items: center;
    gap: 12px;
    width: 100%;
    text-align: left;
  }
`;

const Logo = styled.div`
  font-size: 48px;
  color: ${({ theme }) => theme.colors.green};
`;

const Message = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
`;
