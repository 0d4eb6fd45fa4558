// The investment draft in local storage (SPEC §2 "Main frame": entering the main frame during an
// investment clears it). One draft at a time: a flow screen resumes it when its slug is one of the draft's.
import type { InvestmentDraft } from '../../../machines/investment.machine';
import type { SavedAnswers } from '../../../machines/knowledgeTest.machine';
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


// The knowledge test's answers while it is open, in session storage (this tab only, gone with it): a switch of
// language mid-test restarts the flow and the test, which read them back. Forgotten once the test is
// submitted: the server keeps only the result.
const ANSWERS_KEY = 'knowledgeTestAnswers';

export function readTestAnswers(): SavedAnswers | null {
  try {
    const raw = window.sessionStorage.getItem(ANSWERS_KEY);
    const saved = raw ? (JSON.parse(raw) as SavedAnswers) : null;
    return saved && typeof saved.version === 'string' && saved.answers && saved.simulation ? saved : null;
  } catch {
    return null;
  }
}

export function writeTestAnswers(saved: SavedAnswers | null): void {
  try {
    if (saved) window.sessionStorage.setItem(ANSWERS_KEY, JSON.stringify(saved));
    else window.sessionStorage.removeItem(ANSWERS_KEY);
  } catch {
    // storage unavailable (private mode, quota): the answers just do not survive a restart
  }
}
