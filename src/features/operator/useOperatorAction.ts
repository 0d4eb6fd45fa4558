// One back-office action (machines/operatorAction.machine.ts): the draft, the reason, the call, the answer.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { createOperatorActionMachine } from '../../../machines/operatorAction.machine';
import { useLatestCallback } from '../../components/ui/useLatestCallback';

export function useOperatorAction<T>(submit: (draft: Record<string, string>, signal: AbortSignal) => Promise<T>, input: { draft?: Record<string, string>; required?: string[] } = {}) {
  const submitLatest = useLatestCallback(submit);
  // one chart per form, typed with its answer
  const machine = useMemo(() => createOperatorActionMachine<T>(), []);
  const actor = useActorRef(
    machine.provide({ actors: { submit: fromPromise(({ input: draft, signal }) => submitLatest(draft, signal)) } }),
    { input },
  );
  const draft = useSelector(actor, (s) => s.context.draft);
  const missing = useSelector(actor, (s) => s.context.missing);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.matches('done'));
  return {
    draft,
    missing,
    error,
    result,
    busy,
    done,
    change: (field: string, value: string) => actor.send({ type: 'operator.changed', field, value }),
    submit: () => actor.send({ type: 'operator.submitted' }),
    dismiss: () => actor.send({ type: 'operator.dismissed' }),
  };
}

export type OperatorAction = ReturnType<typeof useOperatorAction>;
