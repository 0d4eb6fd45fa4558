// The investment draft in local storage (SPEC §2 "Main frame": entering the main frame during an
// investment clears it). One draft at a time: a flow screen resumes it when its slug is one of the draft's.
import type { InvestmentDraft } from '../../../machines/investment.machine';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../config/storage';

export function readDraft(): InvestmentDraft | null {
  const raw = readStorage(STORAGE_KEYS.investmentDraft);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as InvestmentDraft;
    return draft && Array.isArray(draft.slugs) && typeof draft.quantity === 'number' ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: InvestmentDraft | null): void {
  writeStorage(STORAGE_KEYS.investmentDraft, draft ? JSON.stringify(draft) : null);
}

