// The investment flow's top bar: the logo, the four-step breadcrumb, the user's dropdown and the language switcher.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { href } from '../../../contract/routes';
import { FLOW_STEPS, type FlowRoute } from '../../../machines/investment.machine';
import { Logo } from '../../components/layout/Logo';
import { UserMenu } from '../../components/layout/UserMenu';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { ROUTE_OF } from '../../config/investFlow';
import { useLanguage, useT } from '../../i18n/i18n';
import { useAppSystem } from '../../system/AppSystemContext';
import type { InvestmentActor } from './investActors';

/** Which of the four breadcrumb entries is current (0–3), or -1 before a step is shown. */
function currentEntry(s: ReturnType<InvestmentActor['getSnapshot']>): number {
  if (s.matches({ steps: 'personalInformation' })) return 0;
  if (s.matches({ steps: 'documents' })) return 1;
  if (s.matches({ steps: 'payment' }) || s.matches('submitting')) return 2;
  if (s.matches('thankYou') || s.matches('failed')) return 3;
  return -1;
}

export function FlowTopBar({ actor }: { actor: InvestmentActor }) {
  const t = useT();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const user = useSelector(auth, (s) => s.context.user);
  const current = useSelector(actor, currentEntry);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const done = useSelector(actor, (s) => s.matches('thankYou'));
  const slug = useSelector(actor, (s) => s.context.slug);
  const entries: { route: FlowRoute; label: string }[] = [
    ...FLOW_STEPS.map((step) => ({ route: step, label: t(`invest.steps.${step}`) })),
    { route: 'thankYou', label: failed ? t('invest.steps.error') : t('invest.steps.thankYou') },
  ];
  return (
    <Bar>
      <Logo language={language} />
      <nav aria-label={t('invest.steps.label')}>
        <Breadcrumb data-testid="breadcrumb">
          {entries.map((entry, i) => {
            // SPEC §2: the second entry is disabled at step one, the third at the first two, the fourth at
            // the first three; once the order is made the steps are closed.
            const disabled = i > current || (done && i < 3) || (i === 3 && !done && !failed);
            const isCurrent = i === current;
            return (
              <li key={entry.route} data-testid={`breadcrumb-${entry.route}`} data-disabled={disabled} aria-current={isCurrent ? 'step' : undefined}>
                <span className="number">{i + 1}</span>
                {disabled || isCurrent || i === 3 ? (
                  <span aria-disabled={disabled || undefined}>{entry.label}</span>
                ) : (
                  <Link href={href(language, ROUTE_OF[entry.route], { slug })}>{entry.label}</Link>
                )}
              </li>
            );
          })}
        </Breadcrumb>
      </nav>
      <Tools>
        <UserMenu
          language={language}
          userName={user ? `${user.userData.firstName} ${user.userData.lastName}`.trim() : undefined}
          onLogout={() => auth.send({ type: 'auth.logoutRequested' })}
        />
        <LanguageSwitcher />
      </Tools>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
  min-height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 8px 24px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Breadcrumb = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: ${({ theme }) => theme.colors.text};
  }
  /* A step not reachable yet stays legible (the muted text colour keeps full contrast, no fading): it is
     told apart by its colour and its number's dashed ring, and named as disabled to screen readers. */
  li[data-disabled='true'] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li[data-disabled='true'] .number {
    border-style: dashed;
  }
  li[aria-current='step'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
  .number {
    display: inline-grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    border: 2px solid currentColor;
    font-size: 0.85rem;
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;
