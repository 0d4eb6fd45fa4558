import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { plainName } from '../../contract/text';
import { offerDocuments } from '../../server/db/schema-content';
import { operatorAuditLog } from '../../server/db/schema-backoffice';
import { offerDocumentFiles } from '../../server/db/schema-offer-files';
import { bumpContentVersion } from '../../server/modules/content/repository';
import { camt053 } from '../support/statements';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { offerBySlug } from './orders-support';

// Uploaded names keep no invisible characters that make them pose as another (a right-to-left override turned
// "faktura‮fdp.exe" into "fakturaexe.pdf" on screen), wherever they are stored or shown; and PATCH
// /operator/site-settings takes the `reason` every back-office action takes, recorded in the audit log.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1').toString('base64');
const RLO = '\u202e';
const INVISIBLES = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\u2063', '\u00ad', '\ufeff', '\u{e0041}', '\u0007'];
const hasInvisible = (text: string) => INVISIBLES.some((c) => text.includes(c));

it('plainName removes every bidi control and invisible format character, keeps the visible text', () => {
  expect(plainName(`faktura${RLO}fdp.exe`)).toBe('fakturafdp.exe');
  expect(plainName(`  Umowa\u2066 inwestycyjna\u2069\u200b.pdf `)).toBe('Umowa inwestycyjna.pdf');
  expect(plainName(`a\tb\nc`)).toBe('a b c');
  for (const c of INVISIBLES) expect(plainName(`x${c}y`), `U+${c.codePointAt(0)!.toString(16)}`).toBe('xy');
  // visible letters of any script stay, composed (NFC)
  expect(plainName('Zażółć gęślą jaźń 🙂 عربى')).toBe('Zażółć gęślą jaźń 🙂 عربى');
  expect(plainName('o\u0301')).toBe('ó');
});

describeEachDatabase('operator: plain names, reasons', {}, (t) => {
  let operator: TokenPair;
  let offerId: number;
  let slug: string;

  beforeAll(async () => {
    operator = await t.login('operator');
    const { offer } = await offerBySlug(t.database.db, 'zielone-tarasy');
    offerId = offer.id;
    slug = offer.slug.pl;
  });

  const upload = (extra: Record<string, unknown>) =>
    t.injectAs(operator, {
      method: 'POST',
      url: `/api/operator/offers/${offerId}/documents`,
      payload: Object.assign({ reason: 'Nowy dokument', kind: 'general', displayName: { pl: 'Raport', en: 'Report' }, fileName: 'raport.pdf', contentBase64: PDF }, extra),
    });

  it('an uploaded document keeps no bidi override in its names: stored, listed, downloaded and shown publicly as plain text', async () => {
    const offer = expectData(
      await upload({ displayName: { pl: `Umowa${RLO}fdp.exe`, en: `Contract\u2067exe.pdf\u2069\u200b` }, fileName: `faktura${RLO}fdp.exe` }),
      201,
    );
    const doc = offer.documents.find((d: { displayName: { pl: string } }) => d.displayName.pl === 'Umowafdp.exe');
    expect(doc.displayName).toEqual({ pl: 'Umowafdp.exe', en: 'Contractexe.pdf' });
    const [stored] = await t.database.db.select().from(offerDocuments).where(eq(offerDocuments.id, doc.id));
    expect(stored.displayName).toEqual({ pl: 'Umowafdp.exe', en: 'Contractexe.pdf' });
    const [file] = await t.database.db.select({ fileName: offerDocumentFiles.fileName }).from(offerDocumentFiles).where(eq(offerDocumentFiles.documentId, doc.id));
    expect(file.fileName).toBe('fakturafdp.exe');
    const download = await t.app.inject({ method: 'GET', url: doc.url });
    expect(download.statusCode).toBe(200);
    expect(hasInvisible(decodeURIComponent(String(download.headers['content-disposition'])))).toBe(false);
    for (const language of ['pl', 'en']) {
      const shown = expectData(await t.app.inject({ method: 'GET', url: `/api/offers/${slug}`, headers: { 'content-language': language } }));
      const names = shown.documents.general.map((d: { displayName: string }) => d.displayName);
      expect(names).toContain(language === 'pl' ? 'Umowafdp.exe' : 'Contractexe.pdf');
      expect(names.filter(hasInvisible)).toEqual([]);
    }
  });

  it('a name of invisible characters only is empty: 400 IS_EMPTY', async () => {
    expectError(await upload({ displayName: { pl: `${RLO}\u200b\u2069`, en: 'Report' } }), 400, [{ code: 'IS_EMPTY', context: 'displayName.pl' }]);
    expectError(await upload({ fileName: ' \u202d ' }), 400, [{ code: 'IS_EMPTY', context: 'fileName' }]);
  });

  it('a name stored before names were cleaned is shown plain (public offer, operator listing)', async () => {
    const [row] = await t.database.db
      .insert(offerDocuments)
      .values({ offerId, key: `legacy-${t.kind}`, kind: 'general', displayName: { pl: `Stary${RLO}fdp.exe`, en: `Old${RLO}fdp.exe` }, url: '/media/docs/x.pdf', position: 99 })
      .returning();
    await bumpContentVersion(t.database.db);
    t.app.siteState.invalidate();
    const shown = expectData(await t.app.inject({ method: 'GET', url: `/api/offers/${slug}` }));
    expect(shown.documents.general.find((d: { id: number }) => d.id === row.id).displayName).toBe('Staryfdp.exe');
    const listed = expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/offers/${offerId}` }));
    expect(listed.documents.find((d: { id: number }) => d.id === row.id).displayName).toEqual({ pl: 'Staryfdp.exe', en: 'Oldfdp.exe' });
  });

  it('a bank statement upload keeps a plain file name', async () => {
    const content = Buffer.from(camt053({ id: `names-${t.kind}`, lines: [{ ref: `names-${t.kind}-1`, amount: 1000, direction: 'DBIT', title: 'Oplata' }] })).toString('base64');
    const imported = expectData(await t.injectAs(operator, { method: 'POST', url: '/api/operator/statements', payload: { fileName: `wyciag${RLO}lmx.xml`, contentBase64: content } }));
    expect(imported.fileName).toBe('wyciaglmx.xml');
  });

  it('PATCH /operator/site-settings takes a reason and records it in the audit log; without one it still works', async () => {
    const withReason = await t.injectAs(operator, {
      method: 'PATCH',
      url: '/api/operator/site-settings',
      payload: { reason: 'Planowana przerwa techniczna', maintenanceModeTitle: { pl: 'Przerwa', en: 'Break' } },
    });
    expect(expectData(withReason).maintenanceModeTitle).toEqual({ pl: 'Przerwa', en: 'Break' });
    expect(expectData(withReason)).not.toHaveProperty('reason');
    const log = expectData(await t.injectAs(operator, { method: 'GET', url: '/api/operator/audit-log?entityType=siteSettings' }));
    expect(log.items[0]).toMatchObject({ action: 'siteSettings.updated', reason: 'Planowana przerwa techniczna', after: { maintenanceModeTitle: { pl: 'Przerwa', en: 'Break' } } });
    expect(log.items[0].after).not.toHaveProperty('reason');

    expectData(await t.injectAs(operator, { method: 'PATCH', url: '/api/operator/site-settings', payload: { maintenanceModeTitle: { pl: 'Przerwa 2', en: 'Break 2' } } }));
    const rows = await t.database.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'siteSettings.updated'), eq(operatorAuditLog.entityType, 'siteSettings')));
    expect(rows.map((r) => r.reason)).toContain(null);

    expectError(await t.injectAs(operator, { method: 'PATCH', url: '/api/operator/site-settings', payload: { reason: '   ', maintenanceMode: false } }), 400, [
      { code: 'IS_EMPTY', context: 'reason' },
    ]);
  });
});
