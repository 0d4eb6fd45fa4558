import type { MachineDescriptions } from './types';

const loading = { slider: ['home slider', 'slider strony głównej'], staticContent: ['static content (menus, footer)', 'treści stałe (menu, stopka)'] } as const;
const content = (phase: string) => ({
  [`${phase}.content`]: ['Loading the splash configuration, the slider and the static content side by side', 'Równoległe wczytywanie ekranu startowego, slidera i treści stałych'],
  [`${phase}.content.splash`]: ['Loading the splash configuration', 'Wczytywanie konfiguracji ekranu startowego'],
  [`${phase}.content.splash.loading`]: ['The splash request is running', 'Trwa żądanie ekranu startowego'],
  [`${phase}.content.splash.done`]: ['The splash is settled (loaded or failed)', 'Ekran startowy rozstrzygnięty (wczytany lub błąd)'],
  [`${phase}.content.slider`]: [`Loading the ${loading.slider[0]}`, `Wczytywanie: ${loading.slider[1]}`],
  [`${phase}.content.slider.loading`]: ['The slider request is running', 'Trwa żądanie slidera'],
  [`${phase}.content.slider.done`]: ['The slider is settled (loaded or failed)', 'Slider rozstrzygnięty (wczytany lub błąd)'],
  [`${phase}.content.staticContent`]: [`Loading the ${loading.staticContent[0]}`, `Wczytywanie: ${loading.staticContent[1]}`],
  [`${phase}.content.staticContent.loading`]: ['The static content request is running', 'Trwa żądanie treści stałych'],
  [`${phase}.content.staticContent.done`]: ['The static content is settled (loaded or failed)', 'Treści stałe rozstrzygnięte (wczytane lub błąd)'],
  [`${phase}.checked`]: ['Checking whether what is required loaded', 'Sprawdzanie, czy wczytano to, co wymagane'],
}) as Record<string, readonly [string, string]>;

export default {
  summary: ['Application start: splash, site content, session restore; reload on language change.', 'Start aplikacji: ekran startowy, treści serwisu, przywrócenie sesji; przeładowanie po zmianie języka.'],
  screens: ['splash screen', 'boot error page', 'every page (layout content)'],
  where: '/en',
  states: {
    waitingForLanguage: ['The splash screen until the page\'s language is known', 'Ekran startowy, dopóki język strony nie jest znany'],
    booting: ['The splash screen while the app starts', 'Ekran startowy podczas uruchamiania aplikacji'],
    ...content('booting'),
    session: ['Checking for a session to restore', 'Sprawdzanie, czy jest sesja do przywrócenia'],
    restoringSession: ['Restoring the stored session', 'Przywracanie zapisanej sesji'],
    ready: ['The app is shown', 'Aplikacja jest widoczna'],
    reloading: ['Reloading content in the new language (page stays)', 'Przeładowanie treści w nowym języku (strona zostaje)'],
    ...content('reloading'),
    failed: ['The start failed: error page with Retry', 'Start się nie udał: strona błędu z przyciskiem Ponów'],
  },
  events: {
    'loadSplash done': ['the splash configuration arrives', 'przychodzi konfiguracja ekranu startowego'],
    'loadSplash failed': ['the splash configuration fails (default used)', 'konfiguracja ekranu startowego zawodzi (domyślna)'],
    'loadSlider done': ['the slider arrives', 'przychodzi slider'],
    'loadSlider failed': ['the slider request fails', 'żądanie slidera zawodzi'],
    'loadStaticContent done': ['the static content arrives', 'przychodzą treści stałe'],
    'loadStaticContent failed': ['the static content request fails', 'żądanie treści stałych zawodzi'],
    completed: ['both requests are settled', 'oba żądania są rozstrzygnięte'],
    always: ['at once, depending on what loaded and whether a session is stored', 'od razu, zależnie od wyników i zapisanej sesji'],
    'restoreSession done': ['the session is restored', 'sesja zostaje przywrócona'],
    'restoreSession failed': ['the session cannot be restored (signed out)', 'nie da się przywrócić sesji (wylogowany)'],
    'boot.started': ['the page\'s language is known', 'język strony jest znany'],
    'boot.languageChanged': ['the user switches the language', 'użytkownik zmienia język'],
    'boot.retried': ['the user clicks Retry', 'użytkownik klika Ponów'],
  },
} satisfies MachineDescriptions;
