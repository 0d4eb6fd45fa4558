// The site settings in the back office: the maintenance switches and the maintenance page's texts.
import type { Screen } from '../../screens/screen';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useT } from '../../i18n/i18n';
import type { SiteSettings } from './api';
import { ActionForm, ActionOutcome, Area, CheckField, Loaded, TextField, useOperatorApi } from './ui';
import { useOperatorAction } from './useOperatorAction';

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const t = useT();
  const api = useOperatorApi();
  const action = useOperatorAction(
    (d, signal) =>
      api.patchSettings(
        {
          maintenanceMode: d.maintenanceMode === 'true',
          maintenanceModeTitle: { pl: d.titlePl, en: d.titleEn },
          maintenanceModeMessage: { pl: d.messagePl, en: d.messageEn },
          systemMaintenanceMode: d.systemMaintenanceMode === 'true',
        },
        signal,
      ),
    {
      required: [],
      draft: {
        maintenanceMode: String(settings.maintenanceMode),
        systemMaintenanceMode: String(settings.systemMaintenanceMode),
        titlePl: settings.maintenanceModeTitle.pl,
        titleEn: settings.maintenanceModeTitle.en,
        messagePl: settings.maintenanceModeMessage.pl,
        messageEn: settings.maintenanceModeMessage.en,
      },
    },
  );
  return (
    <ActionForm action={action}>
      <p><CheckField action={action} field="maintenanceMode" label={t('operator.settings.maintenance')} /></p>
      <p><CheckField action={action} field="systemMaintenanceMode" label={t('operator.settings.systemMaintenance')} /></p>
      <TextField action={action} field="titlePl" label={t('operator.settings.titlePl')} />
      <TextField action={action} field="titleEn" label={t('operator.settings.titleEn')} />
      <TextField action={action} field="messagePl" label={t('operator.settings.messagePl')} multiline />
      <TextField action={action} field="messageEn" label={t('operator.settings.messageEn')} multiline />
      <Button type="submit" busy={action.busy}>{t('operator.settings.save')}</Button>
      <ActionOutcome action={action} doneText={t('operator.settings.saved')} />
    </ActionForm>
  );
}

export const SettingsPage: Screen = () => {
  const t = useT();
  const api = useOperatorApi();
  const load = useLoad((_: null, signal) => api.settings(signal), null);
  return (
    <Area title={t('operator.settings.title')} testId="operator-settings">
      <Loaded load={load}>{(s) => <SettingsForm settings={s} />}</Loaded>
    </Area>
  );
};
