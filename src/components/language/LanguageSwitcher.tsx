// PL / EN (SPEC §2). Each is a link to the same page in the other language (it works before the app runs and
// without JavaScript, and opens in a new tab); in the app a click asks the language machine, which loads that
// language, stores it and navigates there.
import type { MouseEvent } from 'react';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useAppSystem } from '../../system/AppSystemContext';
import { LANGUAGES, type Language } from '../../config/env';
import { translatePath } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { useAlternateLink } from './alternates';

function LanguageLink({ to, current, canSwitch }: { to: Language; current: Language | null; canSwitch: boolean }) {
  const { language } = useAppSystem();
  const location = useSelector(language, (s) => s.context.location);
  const alternate = useAlternateLink(to);
  const target = alternate ?? (location ? translatePath(location, to) : `/${to}/`);
  const isCurrent = to === current;
  const disabled = !canSwitch && !isCurrent;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // a new tab or window opens the address as it is
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (isCurrent || disabled) return;
    language.send({ type: 'language.switched', language: to, href: target });
  };
  return (
    <a
      href={target}
      hrefLang={to}
      lang={to}
      aria-current={isCurrent ? 'true' : undefined}
      aria-disabled={disabled || undefined}
      onClick={onClick}
      data-testid={`language-${to}`}
    >
      {to.toUpperCase()}
    </a>
  );
}

export function LanguageSwitcher() {
  const t = useT();
  const { language } = useAppSystem();
  const current = useSelector(language, (s) => s.context.language);
  const failed = useSelector(language, (s) => s.matches('ready') && s.context.error !== null);
  const canSwitch = useSelector(language, (s) => s.can({ type: 'language.switched', language: 'pl', href: '/' }));

  return (
    <Group role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <LanguageLink key={l} to={l} current={current} canSwitch={canSwitch} />
      ))}
      {failed && (
        <Failure role="alert" data-testid="language-switch-failed">
          {t('language.switchFailed')}
        </Failure>
      )}
    </Group>
  );
}

const Failure = styled.span`
  position: absolute;
  top: 100%;
  right: 0;
  margin-top: 4px;
  padding: 4px 8px;
  white-space: nowrap;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.white};
  background: ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radius}px;
`;

const Group = styled.div`
  position: relative;
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  a:first-of-type {
    border-radius: ${({ theme }) => theme.radius - 1}px 0 0 ${({ theme }) => theme.radius - 1}px;
  }
  a:last-of-type {
    border-radius: 0 ${({ theme }) => theme.radius - 1}px ${({ theme }) => theme.radius - 1}px 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 36px;
    color: inherit;
    font-weight: 700;
    text-decoration: none;
  }
  a[aria-disabled='true'] {
    cursor: progress;
  }
  a[aria-current='true'] {
    background: ${({ theme }) => theme.colors.green};
    color: ${({ theme }) => theme.colors.white};
  }
`;
