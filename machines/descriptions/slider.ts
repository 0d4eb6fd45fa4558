import type { MachineDescriptions } from './types';

export default {
  summary: ['The home page slider: autoplay, hover pause, videos.', 'Slider strony głównej: autoodtwarzanie, pauza po najechaniu, filmy.'],
  screens: ['home page slider'],
  where: '/en',
  states: {
    sizing: ['Counting the slides', 'Liczenie slajdów'],
    empty: ['No slides: the slider is hidden', 'Brak slajdów: slider ukryty'],
    single: ['One slide, no controls', 'Jeden slajd, bez przycisków'],
    carousel: ['Several slides with arrows and dots', 'Kilka slajdów ze strzałkami i kropkami'],
    'carousel.settling': ['A slide has just been shown', 'Właśnie pokazano slajd'],
    'carousel.running': ['Autoplay: the next slide comes in 6 s', 'Autoodtwarzanie: następny slajd za 6 s'],
    'carousel.hovered': ['Paused while the pointer is over it', 'Pauza, gdy kursor jest nad sliderem'],
    'carousel.videoPlaying': ['Paused while a video plays', 'Pauza podczas odtwarzania filmu'],
    'carousel.stopped': ['Autoplay off (paused by the visitor, or reduced motion)', 'Autoodtwarzanie wyłączone (pauza odwiedzającego lub ograniczony ruch)'],
  },
  events: {
    'slider.itemsChanged': ['the slides arrive or change', 'slajdy przychodzą lub się zmieniają'],
    always: ['at once', 'od razu'],
    'slider.next': ['the user clicks the next arrow', 'użytkownik klika strzałkę dalej'],
    'slider.previous': ['the user clicks the previous arrow', 'użytkownik klika strzałkę wstecz'],
    'slider.shown': ['the user clicks a dot', 'użytkownik klika kropkę'],
    'slider.hovered': ['the pointer enters the slider', 'kursor wchodzi na slider'],
    'slider.unhovered': ['the pointer leaves the slider', 'kursor opuszcza slider'],
    'slider.videoPlayed': ['a video starts playing', 'film zaczyna się odtwarzać'],
    'slider.videoPaused': ['the video is paused', 'film zostaje wstrzymany'],
    'slider.videoEnded': ['the video ends', 'film się kończy'],
    'after 6 s': ['6 seconds pass', 'mija 6 sekund'],
    'slider.paused': ['the visitor presses Pause', 'odwiedzający klika Wstrzymaj'],
    'slider.played': ['the visitor presses Play', 'odwiedzający klika Odtwarzaj'],
    'slider.motionPreferenceChanged': ['the reduced-motion preference changes', 'zmienia się preferencja ograniczonego ruchu'],
  },
} satisfies MachineDescriptions;
