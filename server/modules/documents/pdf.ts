import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// Renders the platform's documents as PDF with pdfkit. Text is set in DejaVu Sans (the `dejavu-fonts-ttf`
// package's TrueType files, embedded and subset by pdfkit), which has every Polish letter; pdfkit's standard
// fonts (Helvetica, WinAnsi) cannot show ą, ę, ł, ś, ż. Nothing is fetched: the fonts come from node_modules.

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const GREEN = '#2f5d3a';
const BROWN = '#3b2a20';
const MUTED = '#6b625c';

export interface PdfTable {
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** shown instead of the rows when there are none */
  empty?: string;
}

export type PdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'fields'; fields: [string, string][] }
  | { type: 'table'; table: PdfTable };

export interface PdfContent {
  /** document metadata title, and the big title on the page */
  title: string;
  subtitle?: string;
  /** the issuer line at the top */
  issuer: string;
  blocks: PdfBlock[];
  footer: string;
  language: 'pl' | 'en';
  /** the moment the document speaks about: also its metadata creation date */
  date: Date;
}

/** The content as JSON keeps it (the date as an ISO string): a document stored to be rendered again later. */
export type StoredPdfContent = Omit<PdfContent, 'date'> & { date: string };

const PAGE_MARGIN = 50;

/** Renders the content to PDF bytes. */
export function renderPdf(content: PdfContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    lang: content.language === 'pl' ? 'pl-PL' : 'en-GB',
    info: {
      Title: content.title,
      Author: content.issuer,
      Creator: 'Estate Shares',
      Producer: 'Estate Shares',
      CreationDate: content.date,
      ModDate: content.date,
    },
    bufferPages: true,
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - PAGE_MARGIN * 2;

  doc.font('bold').fontSize(10).fillColor(GREEN).text(content.issuer, { width });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(20).fillColor(BROWN).text(content.title, { width });
  if (content.subtitle) doc.font('regular').fontSize(11).fillColor(MUTED).text(content.subtitle, { width });
  doc.moveDown(0.8);

  for (const block of content.blocks) {
    switch (block.type) {
      case 'heading':
        doc.moveDown(0.6);
        doc.font('bold').fontSize(13).fillColor(GREEN).text(block.text, { width });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc.font('regular').fontSize(10).fillColor(BROWN).text(block.text, { width });
        doc.moveDown(0.4);
        break;
      case 'fields':
        for (const [label, value] of block.fields) {
          const y = doc.y;
          doc.font('regular').fontSize(10).fillColor(MUTED).text(label, PAGE_MARGIN, y, { width: 180 });
          const labelBottom = doc.y;
          doc.font('bold').fontSize(10).fillColor(BROWN).text(value, PAGE_MARGIN + 190, y, { width: width - 190 });
          doc.y = Math.max(labelBottom, doc.y) + 3;
        }
        doc.x = PAGE_MARGIN;
        break;
      case 'table':
        drawTable(doc, block.table, width);
        break;
    }
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.height - PAGE_MARGIN + 10;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED).text(`${content.footer}  ·  ${i + 1}/${range.count}`, PAGE_MARGIN, bottom, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, table: PdfTable, width: number) {
  const total = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / total) * width);
  const row = (cells: string[], font: 'regular' | 'bold', color: string) => {
    if (doc.y > doc.page.height - PAGE_MARGIN - 60) doc.addPage();
    const y = doc.y;
    let x = PAGE_MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.font(font).fontSize(9).fillColor(color).text(cell, x + 2, y, { width: widths[i] - 4, align: table.columns[i].align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    doc.y = bottom + 4;
    doc.moveTo(PAGE_MARGIN, doc.y - 2).lineTo(PAGE_MARGIN + width, doc.y - 2).lineWidth(0.5).strokeColor('#d9d4cf').stroke();
  };
  row(table.columns.map((c) => c.label), 'bold', GREEN);
  if (table.rows.length === 0 && table.empty) {
    doc.font('regular').fontSize(9).fillColor(MUTED).text(table.empty, PAGE_MARGIN + 2, doc.y, { width });
    doc.moveDown(0.4);
  }
  for (const cells of table.rows) row(cells, 'regular', BROWN);
  doc.x = PAGE_MARGIN;
  doc.moveDown(0.4);
}
