// The title rules of the public pages (SPEC §2: "Titles carry the suffix ' | ' plus the site SEO title"), live in
// contract/page-head.ts, shared with the server's page heads (server/pages/head.ts); the screens import them here.
export { aboutTitle, contactTitle, faqTitle, homeTitle, pageTitle, siteTitleOf } from '../../contract/page-head';
