// A call-to-action button whose target comes from content: external links are plain <a> (SPEC §2),
// the rest navigate inside the SPA. Without a usable target it renders a disabled button when asked to
// (the about page's footer band), else nothing.
import type { ReactNode } from 'react';
import { AnchorButton, Button, LinkButton, type ButtonVariant } from '../../components/ui/Button';
import { useLanguage } from '../../i18n/i18n';
import { resolveContentUrl } from '../../config/contentLinks';

export interface ContentLinkButtonProps {
  url: string | null | undefined;
  children: ReactNode;
  variant?: ButtonVariant;
  /** render a disabled button when the url is missing (instead of nothing) */
  disabledWhenMissing?: boolean;
  className?: string;
}

export function ContentLinkButton({ url, children, variant, disabledWhenMissing, className }: ContentLinkButtonProps) {
  const language = useLanguage();
  const link = resolveContentUrl(language, url);
  if (!link) {
    return disabledWhenMissing ? (
      <Button variant={variant} disabled className={className}>
        {children}
      </Button>
    ) : null;
  }
  return link.kind === 'external' ? (
    <AnchorButton variant={variant} href={link.to} className={className}>
      {children}
    </AnchorButton>
  ) : (
    <LinkButton variant={variant} href={link.to} className={className}>
      {children}
    </LinkButton>
  );
}
