// One save flow per settings form: a copy of the settings chart that lives as long as the tabs do, so a tab
// switch keeps the edits and a save's answer seeds the fields.
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { settingsMachine, type SettingsGroup, type SettingsValues } from '../../../../machines/settings.machine';
import { useCallbackSlot } from '../../../components/ui/useLatestCallback';
import { useAppSystem } from '../../../system/AppSystemContext';
import { createAccountApi, type Investor } from '../api';

export function useSave(group: SettingsGroup, investor: Investor) {
  const { http, auth } = useAppSystem();
  /** the form's effect after a save (the password form empties its fields), set by the mounted form */
  const afterSave = useCallbackSlot();
  const actor = useActorRef(
    settingsMachine.provide({
      actors: {
        save: fromPromise(({ input, signal }) => createAccountApi(http).updateInvestor(input.group, input.values, signal)),
      },
      actions: {
        saved: () => {
          // the header shows the signed-in user's name: the auth actor loads the user again
          if (group === 'personal') auth.send({ type: 'auth.userRequested' });
          afterSave.run();
        },
      },
    }),
    { input: { group, investor } },
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const errors = useSelector(actor, (s) => s.context.errors);
  const values = useSelector(actor, (s) => s.context.values);
  const email = useSelector(actor, (s) => s.context.investor.email);
  return {
    busy,
    saved,
    errors,
    /** the fields as the chart holds them (the server's data, then the edits) */
    values,
    /** the investor's current e-mail (the server's data) */
    email,
    afterSave,
    submit: (submitted: unknown) => actor.send({ type: 'settings.submitted', values: submitted }),
    edited: (edits: Partial<SettingsValues>) => actor.send({ type: 'settings.edited', values: edits }),
  };
}

export type Save = ReturnType<typeof useSave>;
