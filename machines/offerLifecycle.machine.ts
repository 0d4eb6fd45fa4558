// An offer's lifecycle (open → closing → funded / not funded → distributing), with its descriptions: the chart
// itself is contract/offer-lifecycle.ts, where the server (the close job, the close and declare routes) and the
// back office (what the offers screen offers) ask it what an offer allows; this is the same chart, described,
// for the diagram (docs/statecharts), the path scripts (docs/paths) and the model test.
import { offerLifecycleChart } from '../contract/offer-lifecycle';
import { described } from './descriptions/describe';
import descriptions from './descriptions/offerLifecycle';

export const offerLifecycleMachine = described(offerLifecycleChart, descriptions);
