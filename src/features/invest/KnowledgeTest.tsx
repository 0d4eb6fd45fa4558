// The knowledge test and the loss simulation inside the investment flow: renders the state of the
// knowledge-test chart (machines/knowledgeTest.machine.ts) the flow invokes, and sends it what the investor does.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../../lib/format';
import { SIMULATION_FIELDS, type knowledgeTestMachine } from '../../../machines/knowledgeTest.machine';
import { TextField } from '../../components/forms/TextField';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';

type Actor = ActorRefFrom<typeof knowledgeTestMachine>;

export function KnowledgeTest({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const tError = useTranslateError();
  const view = useSelector(actor, (s) =>
    s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('intro')
        ? 'intro'
        : s.matches('lapsed')
          ? 'lapsed'
          : s.matches('answering') || s.matches('submitting')
            ? 'answering'
            : s.matches('passed')
              ? 'passed'
              : s.matches('riskWarning') || s.matches('acknowledging')
                ? 'riskWarning'
                : 'loading',
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errors = useSelector(actor, (s) => s.context.errors);
  const questions = useSelector(actor, (s) => s.context.state?.questionnaire.questions ?? []);
  const answers = useSelector(actor, (s) => s.context.answers);
  const simulation = useSelector(actor, (s) => s.context.simulation);
  const result = useSelector(actor, (s) => s.context.result);
  const errorOf = (context: string) => errors.find((e) => e.context === context);
  const others = errors.filter((e) => !e.context.startsWith('answers.') && !e.context.startsWith('simulation.'));

  const title = <h1 id="invest-step-title">{t('protection.test.title')}</h1>;
  const otherErrors = others.length ? (
    <Alerts role="alert" data-testid="knowledge-test-errors">
      {others.map((e, i) => (
        <li key={`${e.code}-${i}`}>{tError(e.code, e.message)}</li>
      ))}
    </Alerts>
  ) : null;

  if (view === 'loading') {
    return (
      <Panel data-testid="knowledge-test" data-view="loading">
        <Spinner label={t('protection.test.loading')} />
      </Panel>
    );
  }
  if (view === 'loadFailed') {
    return (
      <Panel data-testid="knowledge-test" data-view="loadFailed">
        {title}
        <p role="alert">{t('protection.test.loadFailed')}</p>
        <Button onClick={() => actor.send({ type: 'knowledgeTest.retried' })}>{t('protection.test.retry')}</Button>
      </Panel>
    );
  }
  if (view === 'intro' || view === 'lapsed') {
    return (
      <Panel data-testid="knowledge-test" data-view={view}>
        {title}
        <p>{view === 'lapsed' ? t('protection.test.lapsed') : t('protection.test.intro')}</p>
        <Button onClick={() => actor.send({ type: 'knowledgeTest.started' })} data-testid="knowledge-test-start">
          {t('protection.test.start')}
        </Button>
      </Panel>
    );
  }
  if (view === 'passed' || view === 'riskWarning') {
    const figures = result && (
      <Figures>
        <dt>{t('protection.test.netWorth')}</dt>
        <dd data-testid="net-worth">{formatMoney(result.netWorth, language)}</dd>
        <dt>{t('protection.test.affordableLoss')}</dt>
        <dd data-testid="affordable-loss">{formatMoney(result.affordableLoss, language)}</dd>
      </Figures>
    );
    return view === 'passed' ? (
      <Panel data-testid="knowledge-test" data-view="passed">
        <h1 id="invest-step-title">{t('protection.test.passedTitle')}</h1>
        <p>{t('protection.test.passed')}</p>
        {figures}
        <Button onClick={() => actor.send({ type: 'knowledgeTest.continued' })} data-testid="knowledge-test-continue">
          {t('protection.test.continue')}
        </Button>
      </Panel>
    ) : (
      <Panel data-testid="knowledge-test" data-view="riskWarning" aria-busy={busy}>
        <h1 id="invest-step-title">{t('protection.test.warningTitle')}</h1>
        <p role="alert">{t('protection.test.warning')}</p>
        {figures}
        {otherErrors}
        <Button onClick={() => actor.send({ type: 'knowledgeTest.acknowledged' })} busy={busy} data-testid="risk-acknowledge">
          {busy ? t('protection.test.acknowledging') : t('protection.test.acknowledge')}
        </Button>
      </Panel>
    );
  }
  return (
    <Panel
      as="form"
      noValidate
      aria-busy={busy}
      data-testid="knowledge-test"
      data-view="answering"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'knowledgeTest.submitted' });
      }}
    >
      {title}
      <h2>{t('protection.test.questions')}</h2>
      {questions.map((q) => {
        const error = errorOf(`answers.${q.id}`);
        const errorId = `question-${q.id}-error`;
        return (
          <Question key={q.id} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} data-question={q.id}>
            <legend>{q.text}</legend>
            {q.options.map((o) => (
              <label key={o.id}>
                <input
                  type="radio"
                  name={`question-${q.id}`}
                  value={o.id}
                  checked={answers[q.id] === o.id}
                  disabled={busy}
                  onChange={() => actor.send({ type: 'knowledgeTest.answered', question: q.id, option: o.id })}
                />
                <span>{o.text}</span>
              </label>
            ))}
            {error && (
              <FieldErrorText id={errorId} role="alert">
                {tError(error.code)}
              </FieldErrorText>
            )}
          </Question>
        );
      })}
      <h2>{t('protection.test.simulation')}</h2>
      <p>{t('protection.test.simulationIntro')}</p>
      {SIMULATION_FIELDS.map((field) => {
        const error = errorOf(`simulation.${field}`);
        return (
          <TextField
            key={field}
            name={field}
            label={t(`protection.test.${field}`)}
            inputMode="numeric"
            required
            value={simulation[field]}
            error={error ? tError(error.code) : null}
            onChange={(e) => actor.send({ type: 'knowledgeTest.figureChanged', field, value: e.target.value })}
          />
        );
      })}
      {otherErrors}
      <Button type="submit" busy={busy} data-testid="knowledge-test-submit">
        {busy ? t('protection.test.submitting') : t('protection.test.submit')}
      </Button>
    </Panel>
  );
}

const Panel = styled.div`
  display: grid;
  gap: 1rem;
  max-width: 46rem;
  h1 {
    margin: 0;
  }
  h2 {
    margin: 0.5rem 0 0;
    font-size: 1.15rem;
  }
  p {
    margin: 0;
  }
`;

const Question = styled.fieldset`
  display: grid;
  gap: 0.4rem;
  border: 1px solid ${({ theme }) => theme.colors?.border ?? '#d8d2cc'};
  border-radius: 6px;
  padding: 0.75rem 1rem;
  legend {
    font-weight: 700;
    padding: 0 0.25rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
    cursor: pointer;
  }
  input:focus-visible {
    outline: 3px solid currentColor;
    outline-offset: 2px;
  }
`;

const FieldErrorText = styled.p`
  color: #a3261b;
  font-weight: 600;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: max-content auto;
  gap: 0.25rem 1rem;
  margin: 0;
  dd {
    margin: 0;
    font-weight: 700;
  }
`;

const Alerts = styled.ul`
  color: #a3261b;
  margin: 0;
  padding-left: 1.2rem;
`;
