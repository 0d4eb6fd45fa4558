import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './CloseButton';
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';
import { trapTab, useModalFocus } from './focus';
import { CloseIcon } from './icons';
import { useScrollLock } from './useScrollLock';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1500;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div`
  position: relative;
  width: 100%;
  max-width: 480px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 32px 24px 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  margin: 0 32px 16px 0;
  font-size: 1.4rem;
  color: ${({ theme }) => theme.colors.brown};
`;

const DialogClose = styled(CloseButton)`
  position: absolute;
  top: 12px;
  right: 12px;
`;

export interface DialogProps {
  open: boolean;
  /** Escape, the close button and a click on the backdrop call it; the owner decides what closing means. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** accessible name of the close button; defaults to common.close */
  closeLabel?: string;
  /** optional id for tests and aria-controls */
  id?: string;
}

/**
 * A modal dialog: role="dialog", aria-modal, labelled by its title. Focus moves into it when it opens,
 * Tab stays inside, Escape closes it, and focus returns to where it was when it closes.
 * Open/closed is not decided here: the owner (a disclosure machine) passes `open`.
 */
export function Dialog({ open, onClose, title, children, closeLabel, id }: DialogProps) {
  const t = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(open);

  useModalFocus(open, panelRef);

  if (!open) return null;
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else if (panelRef.current) trapTab(event, panelRef.current);
        }}
      >
        <Title id={titleId}>{title}</Title>
        {children}
        <DialogClose type="button" onClick={onClose} aria-label={closeLabel ?? t('common.close')}>
          <CloseIcon />
        </DialogClose>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
