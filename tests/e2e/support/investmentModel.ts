// The investment chart's model for the browser walk (tests/e2e/investment.spec.ts): the chart with the real
// server's answers as functions of what was typed, the starts, and the bounded choice of paths. No Playwright
// here, so it can be inspected on its own: `npx tsx tests/e2e/support/investmentModel.ts` prints the plan.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import type { CreateInvestmentResult, TransactionMethod } from '../../../contract/investment';
import type { ErrorItem } from '../../../contract/envelope';
import type { Order } from '../../../contract/orders';
import {
  investmentMachine,
  type FlowOffer,
  type FlowRoute,
  type InvestmentContext,
  type InvestmentDraft,
  type InvestmentInput,
  type LoadedFlow,
} from '../../../machines/investment.machine';
import { chartEdges, chartStates } from '../../../scripts/statecharts/graph';
import { pathsCoverage } from '../../support/model';
import { DEMO } from './api';

export const SLUG = { pl: 'zielone-tarasy', en: 'green-terraces' } as const;

/** What the demo offer holds (server/db/seed-data/content/offers.ts): one open series of 40 000 shares. */
export const AVAILABLE = 40_000;
export const BANK = 1;
export const PAYPAL = 2;
export const FIRST_NAME = DEMO.investor.firstName;
/** The model's key information sheet (the page's real hash is not needed by the chart's guards). */
export const KIIS_HASH = 'kiis';
/** The model's offer: ids are the model's own (the page's real ids are not needed by the chart's guards). */
const OFFER: FlowOffer = {
  id: 1,
  slug: { pl: SLUG.pl, en: SLUG.en },
  title: 'Zielone Tarasy',
  mainDescription: '',
  thumbUrl: null,
  isOpen: true,
  series: [{ id: 1, name: 'A', pricePerShare: 500_00, minStocks: 1, availableShares: AVAILABLE, isOpen: true }],
  documents: [],
  agreements: [{ id: 'all', content: '', required: true }],
};
const INVESTOR = { firstName: FIRST_NAME, lastName: 'x', phone: '', address: 'x', city: 'x', zip: 'x', country: 'PL' };
const METHODS = [
  { id: BANK, codeName: 'BankTransfer', name: 'BankTransfer', enabled: true, commission: { amountWithCommission: 0, commissionValue: 0, commissionPercent: 0 } },
  { id: PAYPAL, codeName: 'PayPal', name: 'PayPal', enabled: true, commission: { amountWithCommission: 0, commissionValue: 0, commissionPercent: 0.019 } },
] as TransactionMethod[];

const order = (status: Order['status']) => ({ id: 'model', reference: 'model', status }) as Order;
const result = (method: 'BankTransfer' | 'PayPal', status: Order['status'] = 'new') =>
  ({ order: order(status), payment: method === 'PayPal' ? { codeName: 'PayPal', approveUrl: '' } : { codeName: 'BankTransfer' } }) as CreateInvestmentResult;

function draft(reached: InvestmentDraft['reached'], over: Partial<InvestmentDraft> = {}): InvestmentDraft {
  return {
    offerId: 1,
    slugs: [SLUG.pl, SLUG.en],
    seriesId: 1,
    pricePerShare: 500_00,
    quantity: 2,
    reached,
    investor: { ...INVESTOR },
    agreements: reached === 'payment' ? { all: true } : {},
    methodId: over.result ? (over.result.payment.codeName === 'PayPal' ? PAYPAL : BANK) : null,
    attemptKey: null,
    result: null,
    largeInvestmentConsent: false,
    kiisHash: reached === 'payment' ? KIIS_HASH : null,
    ...over,
  };
}
// The demo investor has a valid knowledge test (seed) with a net worth whose threshold no walked order reaches.
const loaded = (d: InvestmentDraft | null): LoadedFlow => ({
  offer: OFFER,
  draft: d,
  investor: { ...INVESTOR },
  countries: ['PL'],
  protection: { testRequired: false, threshold: Number.MAX_SAFE_INTEGER },
  kiis: { hash: KIIS_HASH, url: '' },
});
const err = (code: string, context: string): ErrorItem => ({ code, context, message: '' });

/** The drafts a flow screen can find (opened at `entry`'s address), each made for real by the spec's `makeDraft`. `paid`: the operator has
 *  recorded the transfer since (the order's saved status stays `new`; GET /order/{id} says `paid`). */
export const LOADS: { name: string; entry: FlowRoute; draft: InvestmentDraft | null }[] = [
  { name: 'none', entry: 'personalInformation', draft: null },
  { name: 'personalInformation', entry: 'personalInformation', draft: draft('personalInformation') },
  { name: 'documents', entry: 'documents', draft: draft('documents') },
  { name: 'payment', entry: 'payment', draft: draft('payment') },
  { name: 'bank order', entry: 'thankYou', draft: draft('payment', { result: result('BankTransfer') }) },
  { name: 'bank order, paid since', entry: 'thankYou', draft: draft('payment', { result: result('BankTransfer', 'paid') }) },
  { name: 'PayPal order', entry: 'thankYou', draft: draft('payment', { result: result('PayPal') }) },
];
export const loadName = (d: InvestmentDraft | null) => LOADS.find((l) => JSON.stringify(l.draft) === JSON.stringify(d))?.name;

/** The events a user can cause in this state, with the real server's answers as the model predicts them. */
/** A model event: a chart event or an actor's answer (`xstate.done.actor.*` with its output). */
export type ModelEvent = EventObject & Record<string, unknown>;

export function eventsOf(state: AnyMachineSnapshot): ModelEvent[] {
  const c = state.context as InvestmentContext;
  const d = c.draft;
  return [
    { type: 'investment.quantityChanged', quantity: '' },
    { type: 'investment.quantityChanged', quantity: String(AVAILABLE + 1) },
    { type: 'investment.quantityChanged', quantity: '2' },
    { type: 'investment.started' },
    {
      type: 'xstate.done.actor.validateInitiate',
      output:
        Number(c.quantityText) > AVAILABLE
          ? { errors: [err('NOT_ENOUGH_SHARES_AVAILABLE', 'investmentData.quantity')], quote: null }
          : { errors: [err('IS_EMPTY', 'method')], quote: null },
    },
    ...LOADS.filter((l) => l.entry === c.entry).map((l) => ({ type: 'xstate.done.actor.loadFlow', output: loaded(l.draft) })),
    { type: 'investment.fieldChanged', field: 'firstName', value: '' },
    { type: 'investment.fieldChanged', field: 'firstName', value: FIRST_NAME },
    { type: 'investment.stepSubmitted' },
    {
      type: 'xstate.done.actor.validatePersonal',
      output: d?.investor?.firstName
        ? { errors: [err('IS_EMPTY', 'method')], quote: null }
        : { errors: [err('FIRST_NAME_IS_EMPTY', 'investorData.firstName'), err('IS_EMPTY', 'method')], quote: null },
    },
    { type: 'investment.agreementToggled', id: 'all', accepted: true },
    { type: 'investment.kiisToggled', accepted: true },
    {
      type: 'xstate.done.actor.validateDocuments',
      output: d?.agreements.all ? { errors: [err('IS_EMPTY', 'method')], quote: null } : { errors: [err('IS_EMPTY', 'agreements.all')], quote: null },
    },
    { type: 'xstate.done.actor.loadMethods', output: METHODS },
    { type: 'investment.methodChosen', methodId: BANK },
    { type: 'investment.methodChosen', methodId: PAYPAL },
    { type: 'investment.submitted', attemptKey: 'browser' },
    { type: 'xstate.done.actor.createOrder', output: result(d?.methodId === PAYPAL ? 'PayPal' : 'BankTransfer') },
    { type: 'xstate.done.actor.loadOrder', output: order(d?.result?.order.status ?? 'new') },
    ...(['personalInformation', 'documents', 'payment', 'thankYou'] as FlowRoute[]).map((route) => ({ type: 'investment.locationChanged', route })),
  ];
}

/** Keyed by value, what the answers depend on, and the arriving transition (so each transition is walked). */
export function serializeState(state: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string {
  const c = state.context as InvestmentContext;
  const flags = {
    loggedIn: c.loggedIn,
    q: c.quantityText === '' ? 'empty' : Number(c.quantityText) > AVAILABLE ? 'too many' : 'ok',
    errors: c.errors.map((e) => e.code).join(','),
    firstName: Boolean(c.draft?.investor?.firstName),
    agreed: Boolean(c.draft?.agreements.all),
    kiis: Boolean(c.draft?.kiisHash),
    method: c.draft?.methodId ?? null,
    result: c.draft?.result ? `${c.draft.result.payment.codeName} ${c.draft.result.order.status}` : null,
  };
  const via = event && prev ? ` via ${event.type}${'route' in event ? ` ${event.route}` : ''} from ${JSON.stringify(prev.value)}` : '';
  return `${JSON.stringify(state.value)} ${JSON.stringify(flags)}${via}`;
}

export interface Start {
  name: string;
  input: InvestmentInput;
  loggedIn: boolean;
}
export const STARTS: Start[] = [
  { name: 'invest box', input: { slug: SLUG.pl, entry: 'initiate', loggedIn: true, offer: OFFER }, loggedIn: true },
  { name: 'invest box, anonymous', input: { slug: SLUG.pl, entry: 'initiate', loggedIn: false, offer: OFFER }, loggedIn: false },
  // a flow screen opened (or reloaded) at each step's address, with the draft the browser kept
  ...(['personalInformation', 'documents', 'payment', 'thankYou'] as const).map((entry) => ({
    name: `${entry} address`,
    input: { slug: SLUG.pl, entry, loggedIn: true },
    loggedIn: true,
  })),
];

export type Path = TestPath<AnyMachineSnapshot, EventObject>;
const eventKeys = (p: Path) => p.steps.slice(1).map((s) => JSON.stringify(s.event));
/** `a` is walked by `b` (its events are the beginning of b's) */
const prefixOf = (a: Path, b: Path) => {
  const ka = eventKeys(a);
  const kb = eventKeys(b);
  return ka.length < kb.length && ka.every((k, i) => k === kb[i]);
};

/** Every path of a start: the shortest path to each (state, flags, arriving transition), minus those another
 *  path of the start walks anyway (its events are the beginning of the other's). */
function candidates(start: Start): Path[] {
  // xstate/graph's model (createTestModel's, without its refusal of machines that invoke: see
  // tests/support/model.ts); only the events of eventsOf are tried (the harness would add every event the
  // state handles, also those the real server cannot cause).
  const model = new TestModel(investmentMachine as never, {
    events: (state: AnyMachineSnapshot) => {
      const own = new Set(state._nodes.flatMap((n) => n.ownEvents));
      return eventsOf(state).filter((e) => own.has(e.type));
    },
    serializeState: serializeState as never,
    stateMatcher: (state: AnyMachineSnapshot, key: string) => state.matches(key as never),
    input: start.input,
  } as never);
  const all = (model.getShortestPaths() as unknown as Path[]).filter((p) => p.steps.length > 1);
  return all.filter((p) => !all.some((q) => prefixOf(p, q)));
}

/**
 * A bounded set of paths (each browser path logs in and drives real pages: seconds, not milliseconds): the
 * happy path walked whole (invest box's draft → personal information → documents → payment → bank transfer
 * → thank-you) and every thank-you reload (bank transfer waiting, paid since, PayPal: the same transitions,
 * different pages), then a greedy cover over all starts: each round the path that adds the most states and
 * transitions of the chart not yet walked (the shorter on a tie), until none adds any.
 */
function selectPlan(): { start: Start; paths: Path[] }[] {
  const pool = STARTS.flatMap((start) =>
    candidates(start).map((path) => {
      const c = pathsCoverage(investmentMachine, [path], { input: start.input });
      const missing = new Set([...c.states.missing, ...c.transitions.missing]);
      const all = [...chartStates(investmentMachine).filter((n) => n.type !== 'history').map((n) => n.id), ...chartEdges(investmentMachine).map((e) => e.id)];
      return { start, path, covers: new Set(all.filter((id) => !missing.has(id))) };
    }),
  );
  const types = (p: Path) => p.steps.map((s) => s.event.type);
  const happy = pool
    .filter((c) => c.start.input.entry === 'personalInformation' && types(c.path).includes('xstate.done.actor.loadOrder') && !types(c.path).includes('investment.methodChosen'))
    .sort((x, y) => x.path.steps.length - y.path.steps.length)[0];
  const reloads = LOADS.filter((l) => l.entry === 'thankYou').map(
    (l) =>
      pool
        .filter((c) => c.start.input.entry === 'thankYou' && loadName((c.path.steps[1].event as unknown as { output: LoadedFlow }).output.draft) === l.name)
        .filter((c) => types(c.path).includes('xstate.done.actor.loadOrder'))
        .sort((x, y) => x.path.steps.length - y.path.steps.length)[0],
  );
  const chosen = [happy, ...reloads].filter(Boolean);
  const covered = new Set(chosen.flatMap((c) => [...c.covers]));
  for (;;) {
    let best: { c: (typeof pool)[number]; gain: number } | null = null;
    for (const c of pool) {
      if (chosen.includes(c)) continue;
      let gain = 0;
      for (const id of c.covers) if (!covered.has(id)) gain++;
      if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && c.path.steps.length < best.c.path.steps.length))) best = { c, gain };
    }
    if (!best) break;
    chosen.push(best.c);
    for (const id of best.c.covers) covered.add(id);
  }
  return STARTS.map((start) => ({ start, paths: chosen.filter((c) => c.start === start).map((c) => c.path) })).filter((p) => p.paths.length);
}

export const PLAN = selectPlan();

if (process.argv[1]?.endsWith('investmentModel.ts')) {
  for (const { start, paths } of PLAN) {
    console.log(`${start.name}: ${paths.length} paths`);
    for (const p of paths) console.log(`  ${JSON.stringify(p.state.value)} <- ${p.steps.slice(1).map((s) => s.event.type.replace('investment.', '').replace('xstate.done.actor.', 'done:')).join(' ')}`);
  }
}

if (process.argv[1]?.endsWith('investmentModel.ts')) {
  const { mergeCoverage, formatCoverage } = await import('../../support/model');
  const c = mergeCoverage(PLAN.map(({ start, paths }) => pathsCoverage(investmentMachine, paths, { input: start.input })));
  console.log(formatCoverage(c), c.states.missing, c.transitions.missing);
}
