import type { MachineDescriptions } from './types';

export default {
  summary: ['A show/hide toggle (menus, drawers, “read more”).', 'Przełącznik pokaż/ukryj (menu, szuflady, „czytaj więcej”).'],
  screens: ['mobile menu drawer', 'header dropdowns'],
  where: '/en',
  states: {
    closed: ['The panel is hidden', 'Panel jest ukryty'],
    open: ['The panel is shown', 'Panel jest widoczny'],
  },
  events: {
    'disclosure.opened': ['the user opens it', 'użytkownik go otwiera'],
    'disclosure.toggled': ['the user clicks the toggle', 'użytkownik klika przełącznik'],
    'disclosure.closed': ['the user closes it (close button, Escape, outside click)', 'użytkownik go zamyka (przycisk, Escape, klik obok)'],
  },
} satisfies MachineDescriptions;
