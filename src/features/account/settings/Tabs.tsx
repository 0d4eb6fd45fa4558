// The settings screen's tablist (WAI-ARIA tabs pattern: arrows, Home and End move between tabs; the panel
// follows the selection).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n/i18n';

export const SETTINGS_TABS = ['personal', 'notifications', 'documents', 'security', 'status'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function Tabs({ current, onChange, children }: { current: SettingsTab; onChange: (tab: SettingsTab) => void; children: ReactNode }) {
  const t = useT();
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(event: KeyboardEvent) {
    const i = SETTINGS_TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? SETTINGS_TABS[(i + 1) % SETTINGS_TABS.length]
        : event.key === 'ArrowLeft'
          ? SETTINGS_TABS[(i - 1 + SETTINGS_TABS.length) % SETTINGS_TABS.length]
          : event.key === 'Home'
            ? SETTINGS_TABS[0]
            : event.key === 'End'
              ? SETTINGS_TABS[SETTINGS_TABS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  }
  return (
    <>
      <TabList role="tablist" aria-label={t('account.settings.tabsLabel')} onKeyDown={onKeyDown}>
        {SETTINGS_TABS.map((tab) => (
          <TabButton
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => onChange(tab)}
          >
            {t(`account.settings.tabs.${tab}`)}
          </TabButton>
        ))}
      </TabList>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} tabIndex={0}>
        {children}
      </Panel>
    </>
  );
}

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
`;

const TabButton = styled.button`
  padding: 12px 16px;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -2px;
  background: none;
  font: inherit;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.green};
    border-bottom-color: ${({ theme }) => theme.colors.green};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  display: grid;
  gap: 24px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;
