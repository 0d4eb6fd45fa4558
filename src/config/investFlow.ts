// The investment flow's routes (paths.ts) and the chart's steps, both ways, and the main frame's rule
// (SPEC §2 "Main frame"): entering it during an investment clears the stored investment data. Shared by
// the main layout (which steps aside for the flow's own frame) and the invest feature.
import type { FlowRoute } from '../../machines/investment.machine';
import type { RouteName } from '../../contract/routes';
import { STORAGE_KEYS, writeStorage } from './storage';

export const ROUTE_OF: Record<FlowRoute, RouteName> = {
  personalInformation: 'investPersonal',
  documents: 'investDocuments',
  payment: 'investPayment',
  thankYou: 'investThankYou',
};

const STEP_OF: Partial<Record<RouteName, FlowRoute>> = Object.fromEntries(
  Object.entries(ROUTE_OF).map(([step, route]) => [route, step as FlowRoute]),
);

export function flowRouteOf(name: RouteName | undefined): FlowRoute | undefined {
  return name ? STEP_OF[name] : undefined;
}

/** Routes shown in the investment flow's own frame (not the main frame). */
export function isFlowRoute(name: RouteName | undefined): boolean {
  return flowRouteOf(name) !== undefined;
}

/**
 * Whether showing `name` in the main frame drops the investment draft: every main-frame page does, except
 * login, where a flow screen sends an investor whose session ended (they come back to the flow after it).
 */
export function clearsInvestmentDraft(name: RouteName | undefined): boolean {
  return name !== 'login' && !isFlowRoute(name);
}

export function clearInvestmentDraft(): void {
  writeStorage(STORAGE_KEYS.investmentDraft, null);
}
