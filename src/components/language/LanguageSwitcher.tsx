// PL / EN (SPEC §2). Each button names the same page in the other language; the language machine loads
// that language, stores it and navigates there.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useAppSystem } from '../../system/AppSystemContext';
import { LANGUAGES, type Language } from '../../config/env';
import { translatePath } from '../../../contract/routes';
import { useT } from '../../i18n/i18n';
import { getAlternateLink } from './alternates';

export function LanguageSwitcher() {
  const t = useT();
  const { language } = useAppSystem();
  const current = useSelector(language, (s) => s.context.language);
  const failed = useSelector(language, (s) => s.matches('ready') && s.context.error !== null);
  const canSwitch = useSelector(language, (s) => s.can({ type: 'language.switched', language: 'pl', href: '/' }));

  function switchTo(next: Language) {
    if (next === current) return;
    const to = getAlternateLink(next) ?? translatePath(window.location, next);
    language.send({ type: 'language.switched', language: next, href: to });
  }

  return (
    <Group role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === current}
          disabled={!canSwitch && l !== current}
          onClick={() => switchTo(l)}
          data-testid={`language-${l}`}
        >
          {l.toUpperCase()}
        </button>
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
  button:first-of-type {
    border-radius: ${({ theme }) => theme.radius - 1}px 0 0 ${({ theme }) => theme.radius - 1}px;
  }
  button:last-of-type {
    border-radius: 0 ${({ theme }) => theme.radius - 1}px ${({ theme }) => theme.radius - 1}px 0;
  }
  button {
    min-width: 44px;
    min-height: 36px;
    border: 0;
    background: transparent;
    color: inherit;
    font-weight: 700;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.green};
    color: ${({ theme }) => theme.colors.white};
  }
`;
