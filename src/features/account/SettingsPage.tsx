// Settings (SPEC §2 "Investor area", §5, §8): five tabs (personal information, notifications, documents,
// security, investor status) in a keyboard-accessible tablist. The investor is loaded with GET /investor (the load chart);
// then every form runs its own copy of the settings chart for the screen's life (idle → saving → saved |
// failed): its context holds the server's data and the fields as typed, so a tab switch keeps the edits and
// a save's answer seeds the fields. The forms are seeded from the chart and report each change to it;
// errors beside the fields, a success message per save.
// Each tab is a file of settings/; this one loads the investor and holds what outlives a tab switch.
import { useState } from 'react';
import styled from 'styled-components';
import type { Screen } from '../../screens/screen';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useT } from '../../i18n/i18n';
import { useAppSystem } from '../../system/AppSystemContext';
import { createAccountApi, type Investor } from './api';
import { DocumentsTab } from './settings/DocumentsTab';
import { NotificationsTab } from './settings/NotificationsTab';
import { PersonalTab } from './settings/PersonalTab';
import { SecurityTab } from './settings/SecurityTab';
import { StatusTab } from './settings/StatusTab';
import { Tabs, type SettingsTab } from './settings/Tabs';
import { useSave } from './settings/useSave';
import { AccountPage, Actions, ErrorList, Muted } from './ui';

export const SettingsPage: Screen = () => {
  const t = useT();
  const { http } = useAppSystem();
  usePageTitle(t('account.settings.title'));
  const api = createAccountApi(http);
  const load = useLoad((_: null, signal) => api.investor(signal), null);

  return (
    <Page data-testid="page-settings">
      <h1>{t('account.settings.title')}</h1>
      {load.status === 'failure' && (
        <>
          <ErrorList codes={[(load.error as { code?: string })?.code ?? 'GENERIC']} />
          <Muted>{t('account.settings.loadFailed')}</Muted>
          <Actions>
            <Button onClick={load.retry}>{t('account.settings.retry')}</Button>
          </Actions>
        </>
      )}
      {load.skeleton && <Spinner />}
      {load.status === 'success' && load.data && <SettingsTabs investor={load.data} />}
    </Page>
  );
};

/** The tabs once the investor is loaded: the six save charts live as long as this does (tab switches keep them). */
function SettingsTabs({ investor }: { investor: Investor }) {
  const { http } = useAppSystem();
  const api = createAccountApi(http);
  const countries = useLoad((_: null, signal) => api.countries(signal), null);
  // which tab is shown is the tablist's own view state (no flow: nothing loads or saves on a switch)
  const [tab, setTab] = useState<SettingsTab>('personal');
  const saves = {
    personal: useSave('personal', investor),
    address: useSave('address', investor),
    bank: useSave('bank', investor),
    notificationsOptOut: useSave('notificationsOptOut', investor),
    password: useSave('password', investor),
    email: useSave('email', investor),
  };
  return (
    <Tabs current={tab} onChange={setTab}>
      {tab === 'personal' && <PersonalTab saves={saves} countries={countries} />}
      {tab === 'notifications' && <NotificationsTab save={saves.notificationsOptOut} />}
      {tab === 'documents' && <DocumentsTab />}
      {tab === 'security' && <SecurityTab saves={saves} />}
      {tab === 'status' && <StatusTab />}
    </Tabs>
  );
}

const Page = styled(AccountPage)`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
`;
