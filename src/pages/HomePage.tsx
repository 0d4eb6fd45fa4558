// Home for now: the hero copy from the static content. The slider and sections come with the public-site issue.
import { useSelector } from '@xstate/react';
import type { StaticContent, User } from '../api/types';
import { contentText } from '../api/content';
import { useAppSystem } from '../app/AppSystemContext';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../components/ui/usePageTitle';
import { Section } from './PlaceholderPage';

export function HomePage() {
  const t = useT();
  const { boot, auth } = useAppSystem();
  const content = useSelector(boot, (s) => s.context.staticContent as StaticContent | null);
  const user = useSelector(auth, (s) => s.context.user as User | null);
  const seoTitle = contentText(content, 'seo.title');
  usePageTitle(seoTitle || t('common.homepage'));
  return (
    <Section data-testid="page-home">
      <h1>{contentText(content, 'homepage.intro.title') || seoTitle || t('common.homepage')}</h1>
      {user && <p data-testid="welcome">{t('pages.welcome', { name: user.userData.firstName })}</p>}
      <div dangerouslySetInnerHTML={{ __html: contentText(content, 'homepage.intro.description') }} />
    </Section>
  );
}
