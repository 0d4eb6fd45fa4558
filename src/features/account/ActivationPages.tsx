// Activation (SPEC §2, §4, §8): the register-success screen and the resend-activation screen show where
// the e-mail went and a resend button (success message, or errors by code in red, TOO_MANY_TRIES = "wait
// a while": the server tells each limit's window); the activate screen POSTs the token from the link on arrival. All run the activation chart.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useHistoryState } from 'wouter/use-browser-location';
import { activationMachine } from '../../../machines/activation.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { Button, LinkButton } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { createAccountApi } from './api';
import type { RegisterSuccessState } from './RegisterPage';
import { AccountPage, Actions, ErrorList, ErrorMessage, Muted, Success } from './ui';

function useActivation(input: { token?: string; email?: string }) {
  const { http } = useAppSystem();
  return useActorRef(
    activationMachine.provide({
      actors: {
        activate: fromPromise(({ input: i, signal }) => createAccountApi(http).activate(i.token, signal)),
        resend: fromPromise(({ input: i, signal }) => createAccountApi(http).resendActivation(i.email, signal)),
      },
    }),
    { input },
  );
}

/** The resend button with its result: the success message or the errors in red. */
function Resend({ email }: { email: string }) {
  const t = useT();
  const actor = useActivation({ email });
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const sent = useSelector(actor, (s) => s.matches({ resend: 'sent' }));
  const failed = useSelector(actor, (s) => s.matches({ resend: 'failed' }));
  const errors = useSelector(actor, (s) => s.context.errors);
  return (
    <>
      <Muted>{t('account.activation.notReceived')}</Muted>
      <Actions>
        <Button
          variant="secondary"
          disabled={sending}
          data-loading={sending || undefined}
          onClick={() => actor.send({ type: 'activation.resendRequested' })}
        >
          {sending ? t('account.activation.resending') : t('account.activation.resend')}
        </Button>
      </Actions>
      {sent && <Success>{t('account.activation.resent')}</Success>}
      {failed && <ErrorList codes={errors} />}
    </>
  );
}

export const RegisterSuccessPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const state = useHistoryState<RegisterSuccessState | null>();
  const email = state?.email;
  usePageTitle(t('account.activation.title'));
  return (
    <AccountPage data-testid="page-registerSuccess">
      <h1>{t('account.activation.title')}</h1>
      <Success data-testid="activation-sent-to">
        {email ? t('account.activation.sentTo', { email }) : t('account.activation.noEmail')}
      </Success>
      {email && <Resend email={email} />}
      <p>
        <LinkButton variant="ghost" href={href(language, 'login')}>
          {t('account.activation.goToLogin')}
        </LinkButton>
      </p>
    </AccountPage>
  );
};

export const ResendActivationPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const email = params.email ?? '';
  usePageTitle(t('account.resendActivation.title'));
  return (
    <AccountPage data-testid="page-resendActivation">
      <h1>{t('account.resendActivation.title')}</h1>
      <p data-testid="activation-sent-to">{t('account.resendActivation.intro', { email })}</p>
      <Resend key={email} email={email} />
      <p>
        <LinkButton variant="ghost" href={href(language, 'login')}>
          {t('account.activation.goToLogin')}
        </LinkButton>
      </p>
    </AccountPage>
  );
};

export const ActivatePage: Screen = ({ params }) => {
  const t = useT();
  usePageTitle(t('account.activation.title'));
  return (
    <AccountPage data-testid="page-activate">
      <h1>{t('account.activation.title')}</h1>
      <ActivateToken key={params.activationToken} token={params.activationToken ?? ''} />
    </AccountPage>
  );
};

function ActivateToken({ token }: { token: string }) {
  const t = useT();
  const language = useLanguage();
  const actor = useActivation({ token });
  const activating = useSelector(actor, (s) => s.matches('activating'));
  const activated = useSelector(actor, (s) => s.matches('activated'));
  const invalid = useSelector(actor, (s) => s.matches('invalid'));
  const errors = useSelector(actor, (s) => s.context.errors);
  // a link of an account that is already active: nothing is wrong, the investor logs in
  const alreadyActive = invalid && errors.includes('ACCOUNT_ALREADY_ACTIVE');
  return (
    <>
      {activating && (
        <>
          <Spinner label={t('account.activation.activating')} />
          <Muted>{t('account.activation.activating')}</Muted>
        </>
      )}
      {activated && <Success>{t('account.activation.activated')}</Success>}
      {alreadyActive && <Success data-testid="activation-already-active">{t('account.activation.alreadyActive')}</Success>}
      {invalid && !alreadyActive && (
        <>
          <ErrorList codes={errors} />
          <Muted>{t('account.activation.invalid')}</Muted>
        </>
      )}
      {(activated || invalid) && (
        <Actions>
          <LinkButton href={href(language, 'login')}>{t('account.activation.goToLogin')}</LinkButton>
        </Actions>
      )}
    </>
  );
}

/** Confirms a changed e-mail from the link sent to it: the same chart, its `activate` is confirm-email. */
export const ConfirmEmailPage: Screen = ({ params }) => <ConfirmEmail key={params.token} token={params.token ?? ''} />;

function ConfirmEmail({ token }: { token: string }) {
  const t = useT();
  const language = useLanguage();
  const { http, auth } = useAppSystem();
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  usePageTitle(t('account.confirmEmail.title'));
  const actor = useActorRef(
    activationMachine.provide({
      actors: {
        activate: fromPromise(({ input, signal }) => createAccountApi(http).confirmEmail(input.token, signal)),
      },
    }),
    { input: { token } },
  );
  const confirming = useSelector(actor, (s) => s.matches('activating'));
  const confirmed = useSelector(actor, (s) => s.matches('activated'));
  const invalid = useSelector(actor, (s) => s.matches('invalid'));
  return (
    <AccountPage data-testid="page-confirmEmail">
      <h1>{t('account.confirmEmail.title')}</h1>
      {confirming && <Spinner label={t('account.confirmEmail.confirming')} />}
      {confirmed && <Success>{t('account.confirmEmail.confirmed')}</Success>}
      {invalid && <ErrorMessage>{t('account.confirmEmail.invalid')}</ErrorMessage>}
      {(confirmed || invalid) && (
        <Actions>
          {loggedIn ? (
            <LinkButton href={href(language, 'settings')}>{t('account.confirmEmail.goToSettings')}</LinkButton>
          ) : (
            <LinkButton href={href(language, 'login')}>{t('account.confirmEmail.goToLogin')}</LinkButton>
          )}
        </Actions>
      )}
    </AccountPage>
  );
}
