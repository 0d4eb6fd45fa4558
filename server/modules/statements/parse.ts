import { looksLikeCamt053, parseCamt053 } from './camt053';
import { looksLikeMt940, parseMt940 } from './mt940';
import { StatementError, type ParsedStatement } from './types';

// One entry point: which format the file is in is decided by its content (the file name may lie), then
// the format's parser reads it. Anything else is refused before a byte of it is applied.

/** File name endings accepted for upload (checked together with the content). */
export const STATEMENT_EXTENSIONS = ['.xml', '.camt', '.053', '.sta', '.mt940', '.940', '.txt', '.mt9'];

export function detectFormat(content: string): ParsedStatement['format'] | undefined {
  if (looksLikeCamt053(content)) return 'camt053';
  if (looksLikeMt940(content)) return 'mt940';
  return undefined;
}

export function parseStatement(content: string): ParsedStatement {
  const format = detectFormat(content);
  if (!format) throw new StatementError('STATEMENT_FORMAT_UNKNOWN', 'file', 'neither CAMT.053 XML nor MT940');
  const parsed = format === 'camt053' ? parseCamt053(content) : parseMt940(content);
  if (parsed.entries.length === 0) throw new StatementError('STATEMENT_EMPTY', 'file', 'the statement has no entries');
  return parsed;
}

/**
 * Bytes → text. CAMT is UTF-8 by definition; MT940 files of Polish banks are UTF-8, or Windows-1250 in
 * older exports: bytes that are not valid UTF-8 are read as Windows-1250.
 */
export function decodeStatement(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** Refuses binary files (a PDF, an image, a zip) before any parser sees them. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  for (const byte of sample) if (byte === 0) return false;
  return true;
}
