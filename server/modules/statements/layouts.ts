// The statement layouts the importer reads, as DATA: for each, how it is recognised and where its title,
// payer and payer's account are. The parsers (camt053.ts, mt940.ts) pick the first row that recognises a
// file (CAMT) or a line's :86: (MT940) and read it with the row's paths or sub-field codes; nothing about a
// particular bank lives in the parsers. docs/statements.md lists the rows and says how to add one; every row
// has a fixture in tests/support/statements.ts that goes through the whole import in the API tests.

/** A path of element names below a node; a step that holds several elements reads all of them. */
export type Path = readonly string[];

export interface CamtLayout {
  readonly name: string;
  /** Who sends it (documentation; the fixture names the same bank). */
  readonly banks: string;
  /** Recognised by the Document's namespace. */
  readonly namespace: RegExp;
  /** The official schema in shared/fixtures/xsd that the layout's fixtures validate against (tests). */
  readonly schema?: string;
  /** Ntry: the entry status (BOOK, PDNG, INFO), first path found. */
  readonly status: readonly Path[];
  /** TxDtls: the payer's name, first path found. */
  readonly payerName: readonly Path[];
  /** TxDtls: the payer's account, first path found. */
  readonly payerAccount: readonly Path[];
  /** TxDtls: every part of the remittance information, joined in this order, makes the line's title. */
  readonly title: readonly Path[];
  /** When the remittance information is empty: TxDtls paths, then Ntry paths, first found. */
  readonly titleFallback: { readonly tx: readonly Path[]; readonly entry: readonly Path[] };
}

/** ISO 20022 remittance information: unstructured lines, then the structured block's references and text. */
const REMITTANCE: readonly Path[] = [
  ['RmtInf', 'Ustrd'],
  // The creditor reference: the ISO 20022 field meant for a payment reference.
  ['RmtInf', 'Strd', 'CdtrRefInf', 'Ref'],
  ['RmtInf', 'Strd', 'RfrdDocInf', 'Nb'],
  ['RmtInf', 'Strd', 'AddtlRmtInf'],
];
const FALLBACK = { tx: [['AddtlTxInf']], entry: [['AddtlNtryInf']] } as const;
const DEBTOR_ACCOUNT: readonly Path[] = [
  ['RltdPties', 'DbtrAcct', 'Id', 'IBAN'],
  ['RltdPties', 'DbtrAcct', 'Id', 'Othr', 'Id'],
];

export const CAMT_LAYOUTS: readonly CamtLayout[] = [
  {
    name: 'camt.053.001.02',
    banks: 'PKO BP, mBank, ING Bank Śląski, Santander Bank Polska, Bank Pekao (ZBP recommendation for XML statements)',
    namespace: /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.02$/,
    schema: 'camt.053.001.02.xsd',
    status: [['Sts']],
    payerName: [['RltdPties', 'Dbtr', 'Nm']],
    payerAccount: DEBTOR_ACCOUNT,
    title: REMITTANCE,
    titleFallback: FALLBACK,
  },
  {
    // 2019 version: the status is a choice (Sts/Cd) and a party is a choice of party or agent (Dbtr/Pty/Nm).
    name: 'camt.053.001.08',
    banks: 'banks on ISO 20022 2019 messages (SWIFT CBPR+ statements since 2023)',
    namespace: /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.08$/,
    schema: 'camt.053.001.08.xsd',
    status: [['Sts', 'Cd'], ['Sts', 'Prtry']],
    payerName: [['RltdPties', 'Dbtr', 'Pty', 'Nm'], ['RltdPties', 'Dbtr', 'Agt', 'FinInstnId', 'Nm']],
    payerAccount: DEBTOR_ACCOUNT,
    title: REMITTANCE,
    titleFallback: FALLBACK,
  },
  {
    // Any other version (.03 … .13) or a document without a namespace: both spellings of each field.
    name: 'camt.053 (other versions)',
    banks: 'any bank sending another camt.053 version',
    namespace: /(?:)/,
    status: [['Sts', 'Cd'], ['Sts']],
    payerName: [['RltdPties', 'Dbtr', 'Pty', 'Nm'], ['RltdPties', 'Dbtr', 'Nm']],
    payerAccount: DEBTOR_ACCOUNT,
    title: REMITTANCE,
    titleFallback: FALLBACK,
  },
];

export function camtLayoutFor(namespace: string): CamtLayout {
  return CAMT_LAYOUTS.find((layout) => layout.namespace.test(namespace)) ?? CAMT_LAYOUTS.at(-1)!;
}

// ---------- MT940: the inside of :86: ----------

export interface Described {
  title: string;
  payerName: string | null;
  payerAccount: string | null;
}

export interface Mt940Layout {
  readonly name: string;
  readonly banks: string;
  /** Recognises a line's :86: (every :86: of the line joined). */
  readonly detect: (details: string) => boolean;
  /** Sub-field layouts: the marker character before each two-digit code ("~20", "^32", "<38"). */
  readonly separator?: string;
  /** Sub-field codes whose contents, joined as the bank split them, make the title. */
  readonly title?: readonly string[];
  /** Groups of sub-field codes: the first non-empty group, joined, is the payer's name / account. */
  readonly payerName?: readonly (readonly string[])[];
  readonly payerAccount?: readonly (readonly string[])[];
  /** Free-text layouts read the text themselves. */
  readonly read?: (details: string) => Described;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/**
 * A :86: in sub-fields with this marker: at least two markers, the first at the start (after an optional
 * transaction code of up to four digits, as "020~00", "641^00", "0200<00").
 */
const subfieldsWith = (separator: string) => (details: string) => {
  const flat = details.replace(/\r?\n/g, '').trimStart();
  const markers = markersOf(flat, separator);
  return markers.length >= 2 && markers[0].index <= 4 && /^\d*$/.test(flat.slice(0, markers[0].index));
};

export function markersOf(flat: string, separator: string): { code: string; index: number; end: number }[] {
  const found: { code: string; index: number; end: number }[] = [];
  for (let i = flat.indexOf(separator); i >= 0; i = flat.indexOf(separator, i + 1)) {
    const code = flat.slice(i + 1, i + 3);
    if (/^\d\d$/.test(code)) found.push({ code, index: i, end: i + 3 });
  }
  return found;
}

export const MT940_LAYOUTS: readonly Mt940Layout[] = [
  {
    // "020~00152" then ~20…~25 title (27 characters each), ~30 bank + ~31 account, ~32 ~33 name and address,
    // ~38 IBAN, ~60 ~63; an empty sub-field holds a filler character (˙ or ÿ).
    name: 'mt940/~ sub-fields',
    banks: 'PKO BP',
    separator: '~',
    detect: subfieldsWith('~'),
    title: range(20, 25),
    payerName: [['32', '33']],
    payerAccount: [['38'], ['30', '31']],
  },
  {
    // "641^00PRZELEW MIĘDZYBANKOWY BETA/^34000", ^20…^29 title, ^30 bank, ^32 ^33 name, ^38 IBAN (BNP Paribas
    // gives it without "PL"), ^62 ^63 address.
    name: 'mt940/^ sub-fields',
    banks: 'Bank Pekao, BNP Paribas Bank Polska',
    separator: '^',
    detect: subfieldsWith('^'),
    title: range(20, 29),
    payerName: [['32', '33']],
    payerAccount: [['38'], ['30', '31']],
  },
  {
    // "020<00PRZELEW PRZYCHODZĄCY", <20…<26 title, <27 <28 name (<29 address), <30 bank + <31 account,
    // <38 IBAN, <63 the bank's reference.
    name: 'mt940/< sub-fields',
    banks: 'ING Bank Śląski, Nest Bank',
    separator: '<',
    detect: subfieldsWith('<'),
    title: range(20, 26),
    payerName: [['27', '28'], ['32', '33']],
    payerAccount: [['38'], ['30', '31']],
  },
  {
    // The German banking industry's structure (GVC): ?20…?29 and ?60…?63 remittance, ?30 BIC or bank code,
    // ?31 IBAN or account, ?32 ?33 name.
    name: 'mt940/? sub-fields (GVC)',
    banks: 'German-standard exports (banks with German systems)',
    separator: '?',
    detect: subfieldsWith('?'),
    title: [...range(20, 29), ...range(60, 63)],
    payerName: [['32', '33']],
    payerAccount: [['38'], ['31']],
  },
  {
    // Free text with labelled parts: "944 CompanyNet Przelew krajowy; na rach.: …; dla: …; tyt.: …; TNR: …".
    // The title is what follows "tyt.:" (up to the bank's TNR number); the labels of the other parts are not
    // read, so a reference anywhere in the text is still found by the fallback below when "tyt.:" is absent.
    name: 'mt940/labelled free text',
    banks: 'mBank (CompanyNet)',
    detect: (details) => /(?:^|;)\s*tyt\.:/i.test(details),
    read: (details) => {
      const text = details.replace(/\s*\r?\n\s*/g, ' ');
      const title = /(?:^|;)\s*tyt\.:\s*([\s\S]*?)\s*(?:;\s*TNR:|$)/i.exec(text)?.[1] ?? text;
      return { title: title.replace(/\s+/g, ' ').trim(), payerName: null, payerAccount: null };
    },
  },
  {
    name: 'mt940/free text',
    banks: 'any bank writing :86: as plain text',
    detect: () => true,
    read: (details) => ({ title: details.replace(/\s+/g, ' ').trim(), payerName: null, payerAccount: null }),
  },
];

/** Sub-field values that mean "empty": PKO BP fills empty sub-fields with ˙ (0xFF in Windows-1250) or ÿ. */
const EMPTY = /^[\s˙ÿ]*$/;

/** Splits a sub-field :86: into its fields (a code given twice is joined, in order). */
export function subfields(details: string, separator: string): Map<string, string> {
  const flat = details.replace(/\r?\n/g, '').trimStart();
  const markers = markersOf(flat, separator);
  const fields = new Map<string, string>();
  markers.forEach((marker, i) => {
    const value = flat.slice(marker.end, i + 1 < markers.length ? markers[i + 1].index : flat.length);
    if (!EMPTY.test(value)) fields.set(marker.code, (fields.get(marker.code) ?? '') + value);
  });
  return fields;
}

/** A 26-digit Polish account (NRB) is an IBAN without "PL". */
const asIban = (account: string) => (/^\d{26}$/.test(account) ? `PL${account}` : account);

export function describe86(details: string): Described & { layout: string } {
  const layout = MT940_LAYOUTS.find((l) => l.detect(details))!;
  if (layout.read) return { layout: layout.name, ...layout.read(details) };
  const fields = subfields(details, layout.separator!);
  const joined = (codes: readonly string[], sep: string) =>
    codes
      .map((c) => fields.get(c) ?? '')
      .filter((v) => v.trim() !== '')
      .join(sep)
      .replace(/\s+/g, ' ')
      .trim();
  const firstGroup = (groups: readonly (readonly string[])[] | undefined, sep: string) => {
    for (const group of groups ?? []) {
      const value = joined(group, sep);
      if (value) return value;
    }
    return null;
  };
  const account = firstGroup(layout.payerAccount, '');
  return {
    layout: layout.name,
    // Title and name are joined as the bank split them (fixed-width chunks, "OBLA" + "TÓW"): no space is added.
    title: joined(layout.title ?? [], ''),
    payerName: firstGroup(layout.payerName, ''),
    payerAccount: account ? asIban(account.replace(/\s+/g, '')) : null,
  };
}
