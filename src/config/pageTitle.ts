// The page-title rule every screen and the server's page heads share (SPEC §2): ` | ` and the site SEO title.
export { pageTitle } from '../../contract/page-title';
