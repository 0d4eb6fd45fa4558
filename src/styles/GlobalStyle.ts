// The fallback face's @font-face rules are not here but in index.html (vite.config.ts says why).
import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* The fixed header above and the cookie banner below (its measured height while it shows) never hide
     what has focus or what a link scrolls to. */
  html {
    scroll-padding-top: ${({ theme }) => theme.layout.headerHeight}px;
    scroll-padding-bottom: var(--cookie-banner-height, 0px);
  }
  body {
    padding-bottom: var(--cookie-banner-height, 0px);
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.cream};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  body.scroll-locked { overflow: hidden; }
  a { color: ${({ theme }) => theme.colors.green}; }
  img { max-width: 100%; }
  button, input, select, textarea { font: inherit; }
  /* Visible focus for keyboard users everywhere. */
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
