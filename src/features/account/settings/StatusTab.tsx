// The investor status tab: the classification and the sophisticated-investor application.
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useLoad } from '../../../components/ui/useLoad';
import { useT } from '../../../i18n/i18n';
import { useAppSystem } from '../../../system/AppSystemContext';
import { createAccountApi } from '../api';
import { SophisticatedApplication } from '../SophisticatedApplication';
import { Actions, ErrorList } from '../ui';
import { Card } from './SettingsForm';

export function StatusTab() {
  const t = useT();
  const { http } = useAppSystem();
  const api = createAccountApi(http);
  const status = useLoad((_: null, signal) => api.sophisticatedStatus(signal), null);
  return (
    <Card data-testid="settings-status">
      <h2>{t('account.settings.status.title')}</h2>
      {status.status === 'failure' && (
        <>
          <ErrorList codes={[(status.error as { code?: string })?.code ?? 'GENERIC']} />
          <Actions>
            <Button onClick={status.retry}>{t('account.settings.retry')}</Button>
          </Actions>
        </>
      )}
      {status.skeleton && <Spinner />}
      {status.status === 'success' && status.data && <SophisticatedApplication status={status.data} apply={(body, signal) => api.applySophisticated(body, signal)} />}
    </Card>
  );
}
