// An actor's snapshot for a view, delivered in a transition: @xstate/react's useSelector reads through
// a synchronous store subscription, so an answer that fills a page (an offer, a list of cards) was drawn in one
// long task. Here each new snapshot is set in startTransition and React draws it in slices of a few milliseconds.
// Only for an actor the view owns alone (nothing else reads it during the render, so nothing can tear).
import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

export function useSnapshotInTransition<TActor extends AnyActorRef>(actor: TActor): SnapshotFrom<TActor> {
  const [snapshot, setSnapshot] = useState<SnapshotFrom<TActor>>(() => actor.getSnapshot());
  useEffect(() => {
    const show = () => startTransition(() => setSnapshot(actor.getSnapshot() as SnapshotFrom<TActor>));
    const subscription = actor.subscribe(show);
    // and what happened between the render and the subscription (the first request is sent by an earlier effect)
    show();
    return () => subscription.unsubscribe();
  }, [actor]);
  return snapshot;
}
