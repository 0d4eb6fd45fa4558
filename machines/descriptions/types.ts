// Descriptions of every state and event of every machine, for people: drawn in the diagrams
// (docs/statecharts), read out in the path scripts (docs/paths) and the storyboard.
//
// Convention (one file per machine, machines/descriptions/<machine file base>.ts, default export):
// - `summary`: what the machine is for; `screens`: the screens/components it drives.
// - `states`: keyed by the state's path below the root, dot-joined (`resend.sending`), as `[en, pl]`.
//   A state description says what the person sees or what is going on ("The banner asks for consent").
// - `events`: keyed by the event as the diagrams name it: the event type (`cookies.accepted`), `<actor> done`
//   / `<actor> failed` for invoked requests, `after 6 s` for delays, `always` for eventless transitions,
//   `completed` for a compound state's completion, as `[en, pl]`. An event description completes the
//   sentence "when …" ("the investor accepts cookies").
// Written once here: each machine file wraps its machine in `described(…, descriptions)` (./describe.ts),
// which sets the English texts as XState `description` on every state node and transition (the diagrams and
// the English path scripts read them from the machine; the Polish ones are read from here). A machine added
// later needs that one line and its file here; tests/unit/descriptions.test.ts fails when a state, event or
// transition lacks a description, in the file or in the machine.
export type Text = readonly [en: string, pl: string];

export interface MachineDescriptions {
  summary: Text;
  /** screens or components the machine drives (empty for app-wide, invisible machines) */
  screens: readonly string[];
  /** the route (or how) to open one of its screens, for people (e.g. `/en/offers`) */
  where?: string;
  states: Record<string, Text>;
  events: Record<string, Text>;
}
