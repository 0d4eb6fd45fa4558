// Lato is declared by src/styles/themeFonts.ts (when: ./startThemeFonts.ts): on a visit whose browser has its files, at start with
// `display: optional`; on a first visit not at all (its files are fetched after the load, for the next visits).
// Until then, or for the whole visit when it came too late, the text is drawn in a local
// Arial-compatible face (Arial, Helvetica, Liberation Sans) scaled to Lato's widths and line metrics, so either face
// lays the page out alike (issue 11: no layout shift). Figures measured with fontkit on Lato 2 and Liberation Sans
// (Arial's metrics) over Polish and English page text: size-adjust = Lato's advance / Arial's; ascent and
// descent are Lato's hhea metrics divided by that (lineGap 0). One face per weight, as the two differ.
export const FALLBACK_FONT_FACES = `
  @font-face {
    font-family: 'Lato Fallback';
    font-style: normal;
    font-weight: 400;
    src: local('Arial'), local('ArialMT'), local('Helvetica'), local('Liberation Sans'), local('LiberationSans');
    size-adjust: 97.1%;
    ascent-override: 101.65%;
    descent-override: 21.94%;
    line-gap-override: 0%;
  }
  @font-face {
    font-family: 'Lato Fallback';
    font-style: normal;
    font-weight: 700;
    src: local('Arial Bold'), local('Arial-BoldMT'), local('Helvetica Bold'), local('Helvetica-Bold'),
      local('Liberation Sans Bold'), local('LiberationSans-Bold');
    size-adjust: 93.13%;
    ascent-override: 105.99%;
    descent-override: 22.87%;
    line-gap-override: 0%;
  }
`;
