import type { MachineDescriptions } from './types';

export default {
  summary: ['The photo gallery lightbox.', 'Powiększony podgląd galerii zdjęć.'],
  screens: ['offer page gallery'],
  states: {
    closed: ['The gallery thumbnails', 'Miniatury galerii'],
    open: ['A photo is shown full screen', 'Zdjęcie jest widoczne na pełnym ekranie'],
  },
  events: {
    'lightbox.opened': ['the user clicks a photo', 'użytkownik klika zdjęcie'],
    'lightbox.closed': ['the user closes the lightbox', 'użytkownik zamyka podgląd'],
    'lightbox.next': ['the user goes to the next photo', 'użytkownik przechodzi do następnego zdjęcia'],
    'lightbox.previous': ['the user goes to the previous photo', 'użytkownik przechodzi do poprzedniego zdjęcia'],
    'lightbox.selected': ['the user picks a thumbnail', 'użytkownik wybiera miniaturę'],
  },
} satisfies MachineDescriptions;
