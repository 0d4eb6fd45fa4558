// Image slides for the hero slider's view tests.
import type { SliderItem } from '../../../src/api/types';

export const imageSlide = (n: number): SliderItem => ({
  id: `s${n}`,
  fileType: 'image',
  imageUrl: `/media/slide-${n}.svg`,
  name: `Slide ${n}`,
  content: `<h2>Headline ${n}</h2>`,
  shadowOverlay: false,
  guestButtonLabel: null,
  guestButtonUrl: null,
  loggedUserButtonLabel: null,
  loggedUserButtonUrl: null,
});
