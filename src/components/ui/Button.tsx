import type { ComponentProps, ComponentPropsWithoutRef } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface StyleProps {
  $variant?: ButtonVariant;
  $block?: boolean;
}

/** Shared look: a button, or a link that should look like one (navigation stays an <a>). */
export const buttonStyles = css<StyleProps>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 22px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 2px solid ${({ theme }) => theme.colors.green};
  font-weight: 700;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s, color 0.15s, border-color 0.15s;
  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.green};
          color: ${theme.colors.white};
          &:hover {
            background: ${theme.colors.greenDark};
            border-color: ${theme.colors.greenDark};
          }
        `
      : $variant === 'secondary'
        ? css`
            background: transparent;
            color: ${theme.colors.green};
            &:hover {
              background: ${theme.colors.greenLight};
            }
          `
        : css`
            background: transparent;
            border-color: transparent;
            color: inherit;
            &:hover {
              background: rgba(0, 0, 0, 0.05);
            }
          `}
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;
const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;
const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

type Common = { variant?: ButtonVariant; block?: boolean };

/**
 * `busy`: the button's action is under way. It stays focusable (a disabled button under the keyboard
 * user's focus drops that focus to the page) and says so (`aria-busy`, `aria-disabled`); clicks and the
 * form submit it would start are refused until it is done.
 */
export function Button({
  variant,
  block,
  type = 'button',
  busy,
  onClick,
  ...rest
}: Common & { busy?: boolean } & ComponentProps<'button'>) {
  if (!busy) return <StyledButton $variant={variant} $block={block} type={type} onClick={onClick} {...rest} />;
  return (
    <StyledButton
      $variant={variant}
      $block={block}
      type={type}
      {...rest}
      aria-busy="true"
      aria-disabled="true"
      onClick={(event) => event.preventDefault()}
    />
  );
}

/** An internal route link styled as a button. */
export function LinkButton({ variant, block, href, ...rest }: Common & { href: string } & Omit<ComponentPropsWithoutRef<'a'>, 'href'>) {
  return <StyledLink $variant={variant} $block={block} href={href} {...rest} />;
}

/** An external or document link styled as a button. */
export function AnchorButton({ variant, block, ...rest }: Common & ComponentPropsWithoutRef<'a'>) {
  return <StyledAnchor $variant={variant} $block={block} {...rest} />;
}
