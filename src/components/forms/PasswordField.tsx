// A password input with a show/hide toggle (a real button, so it is reachable by keyboard).
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../ui/Button';
import { TextField, type TextFieldProps } from './TextField';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      autoComplete="new-password"
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <Button
          variant="ghost"
          aria-pressed={visible}
          aria-label={visible ? t('account.form.hidePassword') : t('account.form.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('account.form.hide') : t('account.form.show')}
        </Button>
      }
    />
  );
}
