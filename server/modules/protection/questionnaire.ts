import type { Language } from '../../config';

// The entry knowledge test a non-sophisticated investor takes before a first order (ECSP Art. 21(2)(a);
// Delegated Regulation (EU) 2022/2114 Art. 1: past investments, understanding of risk and of the chance of
// losing everything, illiquidity, professional experience, objectives). The definition is versioned: a
// result is stored with the version it was scored against, and a new version of the questions gets a new
// identifier rather than an edit in place, so an old result still names the questions the investor saw.

export const QUESTIONNAIRE_VERSION = '2026.1';

type Text = Record<Language, string>;

export interface QuestionOption {
  id: string;
  text: Text;
  /** Points towards the pass mark. */
  points: number;
}

export interface Question {
  id: string;
  text: Text;
  options: readonly QuestionOption[];
  /**
   * Questions on the nature of the risk: an investor who does not know that the whole amount can be lost, or
   * that the shares cannot be sold at will, fails whatever the rest of the score.
   */
  mustAnswer?: string;
}

export const PASS_MARK = 5;

export const QUESTIONS: readonly Question[] = [
  {
    id: 'pastInvestments',
    text: {
      pl: 'W co inwestowałeś(-aś) w ciągu ostatnich 5 lat?',
      en: 'What have you invested in over the last 5 years?',
    },
    options: [
      { id: 'none', text: { pl: 'W nic poza lokatami bankowymi', en: 'Nothing beyond bank deposits' }, points: 0 },
      { id: 'funds', text: { pl: 'Fundusze inwestycyjne lub obligacje', en: 'Investment funds or bonds' }, points: 1 },
      { id: 'unlisted', text: { pl: 'Akcje, w tym spółek nienotowanych, lub crowdfunding', en: 'Shares, including unlisted companies, or crowdfunding' }, points: 2 },
    ],
  },
  {
    id: 'riskOfLoss',
    text: {
      pl: 'Co może się stać z kwotą zainwestowaną w projekt na platformie crowdfundingowej?',
      en: 'What can happen to the amount invested in a project on a crowdfunding platform?',
    },
    options: [
      { id: 'guaranteed', text: { pl: 'Jest chroniona jak depozyt bankowy', en: 'It is protected like a bank deposit' }, points: 0 },
      { id: 'partial', text: { pl: 'Mogę stracić najwyżej część', en: 'I can lose part of it at most' }, points: 0 },
      { id: 'total', text: { pl: 'Mogę stracić całą zainwestowaną kwotę', en: 'I can lose the whole amount invested' }, points: 2 },
    ],
    mustAnswer: 'total',
  },
  {
    id: 'illiquidity',
    text: {
      pl: 'Czy będziesz mógł(-a) sprzedać udziały w dowolnym momencie?',
      en: 'Will you be able to sell the shares whenever you want?',
    },
    options: [
      { id: 'anytime', text: { pl: 'Tak, jak akcje na giełdzie', en: 'Yes, like shares on a stock exchange' }, points: 0 },
      { id: 'maybeNever', text: { pl: 'Nie; może nie być kupca przez lata', en: 'No; there may be no buyer for years' }, points: 2 },
    ],
    mustAnswer: 'maybeNever',
  },
  {
    id: 'experience',
    text: {
      pl: 'Czy pracowałeś(-aś) w finansach lub nieruchomościach?',
      en: 'Have you worked in finance or real estate?',
    },
    options: [
      { id: 'no', text: { pl: 'Nie', en: 'No' }, points: 0 },
      { id: 'yes', text: { pl: 'Tak, co najmniej rok na stanowisku wymagającym takiej wiedzy', en: 'Yes, at least a year in a role that needed such knowledge' }, points: 1 },
    ],
  },
  {
    id: 'objectives',
    text: { pl: 'Jaki jest Twój cel inwestycyjny?', en: 'What is your investment objective?' },
    options: [
      { id: 'safety', text: { pl: 'Bezpieczeństwo kapitału i dostęp do środków w każdej chwili', en: 'Keeping the capital safe and available at any time' }, points: 0 },
      { id: 'growth', text: { pl: 'Wzrost wartości w długim terminie, z ryzykiem straty', en: 'Long-term growth, accepting the risk of loss' }, points: 1 },
    ],
  },
];

export type Answers = Record<string, string>;

export type ScoreResult =
  | { ok: true; passed: boolean; score: number }
  /** A question left out, or an option that is not one of its own: the answers are not scored. */
  | { ok: false; invalid: string[] };

export function scoreAnswers(answers: Answers, questions: readonly Question[] = QUESTIONS, passMark = PASS_MARK): ScoreResult {
  const invalid: string[] = [];
  let score = 0;
  let riskUnderstood = true;
  for (const q of questions) {
    const option = q.options.find((o) => o.id === answers[q.id]);
    if (!option) {
      invalid.push(q.id);
      continue;
    }
    score += option.points;
    if (q.mustAnswer !== undefined && option.id !== q.mustAnswer) riskUnderstood = false;
  }
  const unknown = Object.keys(answers).filter((id) => !questions.some((q) => q.id === id));
  invalid.push(...unknown);
  if (invalid.length) return { ok: false, invalid };
  return { ok: true, passed: riskUnderstood && score >= passMark, score };
}

/** The questionnaire in one language, as the investor sees it (no points: the key is not published). */
export function questionnaireFor(language: Language) {
  return {
    version: QUESTIONNAIRE_VERSION,
    questions: QUESTIONS.map((q) => ({
      id: q.id,
      text: q.text[language],
      options: q.options.map((o) => ({ id: o.id, text: o.text[language] })),
    })),
  };
}
