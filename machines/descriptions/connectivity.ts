import type { MachineDescriptions } from './types';

export default {
  summary: ['Offline banner and the “connection restored” message.', 'Baner braku połączenia i komunikat „połączenie przywrócone”.'],
  screens: ['offline banner (every page)'],
  where: '/en',
  states: {
    starting: ['Reading whether the page was reloaded after an outage', 'Odczyt, czy strona została przeładowana po awarii'],
    online: ['Online: no banner', 'Online: brak banera'],
    offline: ['Offline: the banner with Refresh is shown', 'Offline: widoczny baner z przyciskiem Odśwież'],
    reconnected: ['“Connection restored” is shown', 'Widoczne „Połączenie przywrócone”'],
  },
  events: {
    'connectivity.wentOffline': ['the browser goes offline', 'przeglądarka traci połączenie'],
    'readRestoredFlag done': ['the reload flag is read', 'flaga przeładowania zostaje odczytana'],
    'readRestoredFlag failed': ['the reload flag cannot be read', 'nie da się odczytać flagi przeładowania'],
    'connectivity.wentOnline': ['the browser is back online', 'przeglądarka odzyskuje połączenie'],
    'connectivity.refreshRequested': ['the user clicks Refresh', 'użytkownik klika Odśwież'],
    'connectivity.restoredMessageClosed': ['the user closes the message', 'użytkownik zamyka komunikat'],
    'after 6 s': ['6 seconds pass', 'mija 6 sekund'],
  },
} satisfies MachineDescriptions;
