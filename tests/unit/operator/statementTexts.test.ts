// The statement import's texts: counts agree with their numbers, and the place of a fault in the file is
// named in the reader's language (the server's locator words are English).
import { beforeAll, describe, expect, it } from 'vitest';
import { placeInFile, summaryText } from '../../../src/features/operator/StatementsPage';
import { loadDictionary, translate } from '../../../src/i18n/i18n';
import { operatorTexts } from '../../../src/features/operator/texts';

const summary = (linesRead: number) => ({ linesRead, matched: 1, exceptions: 0, duplicates: 0, ignored: 0 });
const t = (language: 'pl' | 'en') => (key: string, params?: Record<string, unknown>) => translate(language, key, params);

describe('statement import texts', () => {
  beforeAll(async () => {
    await loadDictionary('pl');
    await loadDictionary('en');
  });

  it.each([
    ['pl', 1, /^Przeczytano 1 linię:/],
    ['pl', 3, /^Przeczytano 3 linie:/],
    ['pl', 5, /^Przeczytano 5 linii:/],
    ['pl', 22, /^Przeczytano 22 linie:/],
    ['en', 1, /^1 line read:/],
    ['en', 7, /^7 lines read:/],
  ] as const)('%s, %i lines', (language, n, expected) => {
    expect(summaryText(t(language), language, summary(n))).toMatch(expected);
  });

  it('names the place in the file in Polish without English words', () => {
    expect(placeInFile(t('pl'), 'line 3, column 5')).toBe('linia 3, kolumna 5');
    expect(placeInFile(t('pl'), 'line 4 (:61:)')).toBe('linia 4 (:61:)');
    expect(placeInFile(t('pl'), 'statement 2: :20:')).toBe('wyciąg 2: :20:');
    expect(placeInFile(t('pl'), 'file')).toBe('cały plik');
    expect(placeInFile(t('pl'), 'BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt')).toBe('BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt');
    expect(placeInFile(t('en'), 'line 3, column 5')).toBe('line 3, column 5');
  });

  it('the audit log has a column header of its own, not the form label "(required)"', () => {
    for (const language of ['pl', 'en'] as const) {
      const header = operatorTexts[language].operator.audit.reason;
      expect(header).toBeTruthy();
      expect(header).not.toMatch(/wymagan|required/i);
    }
  });
});
