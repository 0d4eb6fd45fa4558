// The round icon button that closes a dialog, a banner or a message. Placement is the caller's.
import styled from 'styled-components';

export const CloseButton = styled.button`
  width: 40px;
  height: 40px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.greenLight};
  }
`;
