// The notifications tab: the opt-out of the platform's e-mails.
import { Checkbox } from '../../../components/forms/Checkbox';
import { useT } from '../../../i18n/i18n';
import { useErrorText } from '../ui';
import { SettingsForm } from './SettingsForm';
import type { Save } from './useSave';

export function NotificationsTab({ save }: { save: Save }) {
  const t = useT();
  const text = useErrorText();
  const { optOut } = save.values.notificationsOptOut;
  return (
    <SettingsForm
      testId="settings-notifications"
      title={t('account.settings.notifications.title')}
      save={save}
      successText={t('account.settings.notifications.saved')}
      onEdit={() => {}}
      onSubmit={(e) => {
        e.preventDefault();
        save.submit(optOut);
      }}
    >
      <Checkbox
        name="notificationsOptOut"
        label={t('account.settings.notifications.optOut')}
        checked={optOut}
        disabled={save.busy}
        onChange={(value) => save.edited({ notificationsOptOut: { optOut: value } })}
        error={text(save.errors.notificationsOptOut)}
      />
    </SettingsForm>
  );
}
