// The visual identity: green and dark brown, Lato (self-hosted through @fontsource), and the layout
// constants of SPEC §9. Colours are picked for WCAG AA contrast against their usual background.
export const theme = {
  colors: {
    green: '#1f5c3a',
    greenDark: '#14402a',
    greenLight: '#e3efe6',
    brown: '#3b2a20',
    brownLight: '#6b5344',
    cream: '#f7f4ee',
    white: '#ffffff',
    text: '#2b211b',
    textMuted: '#5c4f46',
    border: '#d9d1c5',
    error: '#b3261e',
    success: '#1e6b3a',
    focus: '#f0a500',
    overlay: 'rgba(26, 18, 12, 0.55)',
    /** default chart colour (SPEC §2: dark green) */
    chart: '#1f5c3a',
  },
  font: {
    family: "'Lato', 'Lato Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  layout: {
    headerHeight: 80,
    spinnerSize: 40,
    sectionMaxWidth: 1100,
    sectionNarrowWidth: 800,
    sectionPadding: 60,
    sectionPaddingSmall: 16,
  },
  // Breakpoints in px; "desktop" starts at md (SPEC §9).
  breakpoints: { sm: 600, md: 900, lg: 1200 },
  radius: 8,
  shadow: '0 2px 12px rgba(59, 42, 32, 0.12)',
} as const;

export type Theme = typeof theme;

export const media = {
  down: (bp: keyof Theme['breakpoints']) => `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`,
  up: (bp: keyof Theme['breakpoints']) => `@media (min-width: ${theme.breakpoints[bp]}px)`,
};
