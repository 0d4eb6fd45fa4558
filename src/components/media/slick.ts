// react-slick under Vite 8 with "type": "module": the default import is the whole CommonJS exports object
// in the build and the dev server (React error #130) while Vitest passes; unwrap it (STACK-NOTES).
import S from 'react-slick';
import 'slick-carousel/slick/slick.css';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const Slider = ((S as any).default ?? S) as typeof S;
