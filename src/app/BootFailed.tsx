// The boot chart's `failed` state (SPEC §7): a load the site cannot start without failed, so instead of a
// loader that never ends the user sees what happened and a way to try again.
import styled from 'styled-components';
import { Button } from '../components/ui/Button';
import { useT } from '../i18n/i18n';

export function BootFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Screen role="alert" data-testid="boot-failed">
      <h1>{t('maintenance.bootFailedTitle')}</h1>
      <p>{t('maintenance.bootFailedMessage')}</p>
      <Button onClick={onRetry}>{t('maintenance.retry')}</Button>
    </Screen>
  );
}

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  align-content: center;
  justify-items: center;
  gap: 16px;
  padding: 24px;
  text-align: center;
  background: ${({ theme }) => theme.colors.cream};
  h1 {
    margin: 0;
    color: ${({ theme }) => theme.colors.brown};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
