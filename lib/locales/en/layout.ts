// en texts of the "layout" namespace: the main frame (top bar, drawer, contact menu, footer, banners)
// and the not-found / access-denied pages.
export default {
  skipToContent: 'Skip to main content',
  topBar: {
    logoAlt: 'Estate Shares: go to the homepage',
    mainMenu: 'Main menu',
    login: 'Log in',
    userMenu: 'Account menu',
    userMenuFallback: 'My account',
    dashboard: 'Dashboard',
    orders: 'Orders',
    settings: 'Settings',
    logout: 'Log out',
    backOffice: 'Back office',
  },
  drawer: {
    open: 'Open menu',
    close: 'Close menu',
    title: 'Menu',
  },
  contactMenu: {
    label: 'Contact us',
    call: 'Call us',
    contact: 'Write to us',
    dialogTitle: 'Call us',
    dialogText: 'Our investor relations team is happy to answer your questions.',
    callNumber: 'Call {{phone}}',
    noPhone: 'The phone number is not available right now. Please use the contact form.',
  },
  footer: {
    label: 'Footer',
    menu: 'Footer menu',
    social: 'Social media',
    socialLink: '{{name}} on {{network}}',
    networks: {
      linkedin: 'LinkedIn',
      facebook: 'Facebook',
      twitter: 'X (Twitter)',
      instagram: 'Instagram',
      youtube: 'YouTube',
    },
  },
  cookies: {
    label: 'Cookie consent',
    defaultTitle: 'We use cookies',
    accept: 'Accept',
    decline: 'Decline',
    privacyPolicy: 'Privacy policy',
    close: 'Close the cookie notice',
  },
  connectivity: {
    offline: 'No internet connection. Check your connection and refresh the page.',
    refresh: 'Refresh',
    restored: 'Connection restored.',
    closeRestored: 'Close the message',
  },
  notFound: {
    title: 'Page not found',
    subtitle: 'The page you are looking for does not exist or has been moved.',
    subtitle2: 'Take a look at our current investment offers instead.',
    back: 'Back to homepage',
  },
  accessDenied: {
    title: 'Access denied',
    subtitle: 'You do not have permission to view this page.',
    back: 'Back to homepage',
  },
} as Record<string, unknown>;
