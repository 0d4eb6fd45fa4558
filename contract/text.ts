// Names people read to decide what a file is (document names, uploaded file names) must look like what they
// are. Unicode has characters that change how text is SHOWN without being seen: the bidi overrides, embeddings,
// isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) turn "invoice‮fdp.exe" into
// "invoiceexe.pdf" on screen; zero-width spaces and joiners, the word joiner and invisible operators
// (U+200B–U+200D, U+2060–U+2064), the soft hyphen, the BOM and the tag characters make two different names look
// alike. All of them are Unicode's format characters (general category Cf); control characters (Cc) have no
// place in a name either. A plain name has them removed, its white space collapsed to single spaces and trimmed,
// and is NFC-normalised (one code point sequence for "ó" whatever the keyboard sent).

const FORMAT = /\p{Cf}/gu;
const WHITE_SPACE = /\s+/gu;
const CONTROL = /\p{Cc}/gu;

/** The name as it will be stored and shown: no invisible format or control characters, single spaces, trimmed, NFC. */
export function plainName(value: string): string {
  // Format characters first (U+FEFF also counts as white space in JS), then tabs and line breaks become spaces,
  // then the remaining controls go.
  return value.normalize('NFC').replace(FORMAT, '').replace(WHITE_SPACE, ' ').replace(CONTROL, '').replace(WHITE_SPACE, ' ').trim();
}
