import styled from 'styled-components';
import type { StaticContent } from '../../api/types';
import { contentText } from '../../api/content';
import type { Language } from '../../config/env';
import { useT } from '../../i18n/i18n';
import { theme } from '../../../lib/theme';
import { media } from '../../../lib/theme';
import { ServerHtml } from '../ui/ServerHtml';
import { MenuItemLink } from './MenuItemLink';
import { visibleMenuItems } from './menuItems';
import { SOCIAL_NETWORKS, SocialIcon } from './SocialIcon';

const Wrapper = styled.footer`
  background: ${({ theme }) => theme.colors.brown};
  color: ${({ theme }) => theme.colors.white};
  padding: 48px ${({ theme }) => theme.layout.sectionPadding}px 32px;
  ${media.down('md')} {
    padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px 24px;
  }
  a {
    color: inherit;
  }
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  display: grid;
  gap: 24px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
`;

const MenuList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SocialList = styled.ul`
  display: flex;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    padding: 4px;
    border-radius: 6px;
    color: ${({ theme }) => theme.colors.white};
    &:hover {
      color: ${({ theme }) => theme.colors.greenLight};
    }
    &:focus-visible {
      outline-color: ${({ theme }) => theme.colors.focus};
    }
  }
`;

const Small = styled.div`
  font-size: 0.875rem;
  color: #e8dfd6;
  p {
    margin: 0 0 8px;
  }
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FooterProps {
  content: StaticContent | null;
  language: Language;
  isLoggedIn: boolean;
}

/** Footer: menus.footer, social icons, and the footer texts from static content (SPEC §2). */
export function Footer({ content, language, isLoggedIn }: FooterProps) {
  const t = useT();
  const items = visibleMenuItems(content?.menus.footer, isLoggedIn);
  const social = (content?.socialMedia ?? []).filter((s) => SOCIAL_NETWORKS.includes(s.icon) && s.url);
  const allRightsReserved = contentText(content, 'footer.allRightsReserved');
  const email = contentText(content, 'footer.email').trim();
  const clause = contentText(content, 'footer.clause');

  return (
    <Wrapper aria-label={t('layout.footer.label')}>
      <Inner>
        <Row>
          {items.length > 0 && (
            <nav aria-label={t('layout.footer.menu')}>
              <MenuList>
                {items.map((item) => (
                  <li key={item.id}>
                    <MenuItemLink item={item} language={language} />
                  </li>
                ))}
              </MenuList>
            </nav>
          )}
          {social.length > 0 && (
            <SocialList aria-label={t('layout.footer.social')}>
              {social.map((s) => (
                <li key={`${s.icon}-${s.url}`}>
                  <a
                    href={s.url}
                    aria-label={t('layout.footer.socialLink', {
                      name: s.name || t('common.siteName'),
                      network: t(`layout.footer.networks.${s.icon}`),
                    })}
                  >
                    <SocialIcon icon={s.icon} glyph={theme.colors.brown} />
                  </a>
                </li>
              ))}
            </SocialList>
          )}
        </Row>
        <Small>
          {email && (
            <p>{EMAIL.test(email) ? <a href={`mailto:${email}`}>{email}</a> : email}</p>
          )}
          {clause && <ServerHtml html={clause} />}
          {allRightsReserved && <p>{allRightsReserved}</p>}
        </Small>
      </Inner>
    </Wrapper>
  );
}
