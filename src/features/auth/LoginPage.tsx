import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useAppSystem } from '../../system/AppSystemContext';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { LoginForm } from '../../components/forms/LoginForm';

export function LoginPage() {
  const t = useT();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const errors = useSelector(auth, (s) => s.context.loginErrors);
  const loading = useSelector(auth, (s) => s.hasTag('loading'));
  const state = useHistoryState<{ loginRequired?: boolean } | null>();
  usePageTitle(t('auth.login.title'));

  return (
    <Page>
      <h1>{t('auth.login.title')}</h1>
      {state?.loginRequired && <Notice role="status">{t('auth.login.loginRequired')}</Notice>}
      <LoginForm
        errors={errors}
        loading={loading}
        onSubmit={(email, password) => auth.send({ type: 'auth.loginSubmitted', email, password })}
      />
      <p>
        <Link href={href(language, 'forgotPassword')}>{t('auth.login.forgotPassword')}</Link>
      </p>
      <p>
        {t('auth.login.noAccount')} <Link href={href(language, 'register')}>{t('auth.login.register')}</Link>
      </p>
    </Page>
  );
}

const Page = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  display: grid;
  justify-items: center;
  gap: 12px;
`;

const Notice = styled.p`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.greenLight};
`;
