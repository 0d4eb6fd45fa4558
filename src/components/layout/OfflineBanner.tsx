import { useActorRef, useSelector } from '@xstate/react';
import { CloseButton } from '../ui/CloseButton';
import styled from 'styled-components';
import type { ConnectivityActorRef } from '../../../machines/connectivity.machine';
import { browserConnectivityMachine } from './browserEffects';
import { useT } from '../../i18n/i18n';
import { Button } from '../ui/Button';
import { CheckCircleIcon, CloseIcon, WifiOffIcon } from '../ui/icons';

const Bar = styled.div<{ $tone: 'error' | 'success' }>`
  position: fixed;
  left: 50%;
  top: ${({ theme }) => theme.layout.headerHeight + 12}px;
  transform: translateX(-50%);
  z-index: 1400;
  width: min(640px, calc(100% - 24px));
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.error : theme.colors.success)};
  color: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  p {
    flex: 1;
    margin: 0;
    font-weight: 700;
  }
  button {
    color: inherit;
    border-color: ${({ theme }) => theme.colors.white};
  }
  button:hover {
    background: rgba(255, 255, 255, 0.15);
  }
`;

// On the coloured bar: smaller, and in the bar's own colour.
const Close = styled(CloseButton)`
  width: 36px;
  height: 36px;
  color: inherit;
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
`;

/**
 * The no-internet banner (persistent, with a refresh button) and the connection-restored message
 * (SPEC §2 "Other UI"), drawn from the connectivity machine's tags.
 */
export function OfflineBanner({ actorRef }: { actorRef: ConnectivityActorRef }) {
  const t = useT();
  const offline = useSelector(actorRef, (s) => s.hasTag('offline'));
  const restored = useSelector(actorRef, (s) => s.hasTag('restoredMessage'));
  return (
    <>
      {/* live regions stay mounted so screen readers announce what appears in them */}
      <div role="alert">
        {offline && (
          <Bar $tone="error" data-testid="offline-banner">
            <WifiOffIcon />
            <p>{t('layout.connectivity.offline')}</p>
            <Button variant="secondary" onClick={() => actorRef.send({ type: 'connectivity.refreshRequested' })}>
              {t('layout.connectivity.refresh')}
            </Button>
          </Bar>
        )}
      </div>
      <div role="status">
        {restored && (
          <Bar $tone="success" data-testid="restored-message">
            <CheckCircleIcon />
            <p>{t('layout.connectivity.restored')}</p>
            <Close
              type="button"
              aria-label={t('layout.connectivity.closeRestored')}
              onClick={() => actorRef.send({ type: 'connectivity.restoredMessageClosed' })}
            >
              <CloseIcon />
            </Close>
          </Bar>
        )}
      </div>
    </>
  );
}

/** Container: runs the app's connectivity machine (registered as systemId 'connectivity'). */
export function OfflineBannerContainer() {
  const actorRef = useActorRef(browserConnectivityMachine, { systemId: 'connectivity' });
  return <OfflineBanner actorRef={actorRef} />;
}
