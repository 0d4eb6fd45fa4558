// A static page's title and description (SPEC §2) and the fixed slugs of the two static pages with routes of
// their own: shared with the server's page heads (contract/page-head.ts).
export { PRIVACY_SLUGS, staticPageDescription, staticPageTitle, TERMS_SLUGS } from '../../../contract/page-head';
