import type { FastifyPluginAsync } from 'fastify';
import contactFormRoutes from './routes-contact';
import faqRoutes from './routes-faq';
import pageRoutes from './routes-pages';
import siteSettingsRoutes from './routes-site-settings';
import sliderRoutes from './routes-slider';
import splashScreenRoutes from './routes-splash-screen';
import staticContentRoutes from './routes-static-content';

// The site's content: splash screen, slider, static content (menus, footer), FAQ, static pages, the contact
// form, and the operator's site settings. They read with the content repository's functions (./repository.ts)
// on `fastify.db`.
const contentRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(splashScreenRoutes);
  await fastify.register(sliderRoutes);
  await fastify.register(staticContentRoutes);
  await fastify.register(faqRoutes);
  await fastify.register(pageRoutes);
  await fastify.register(contactFormRoutes);
  await fastify.register(siteSettingsRoutes);
};

export default contentRoutes;
