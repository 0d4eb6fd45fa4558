import { createHash, randomBytes } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { DocumentDeleteBody, DocumentUploadBody, OperatorOffer } from '../../../contract/operator';
import type { Db } from '../../db/client';
import { offerDocuments, offers } from '../../db/schema-content';
import { offerDocumentFiles } from '../../db/schema-offer-files';
import { apiError, notFound } from '../../lib/errors';
import { bumpContentVersion } from '../content/repository';
import { writeAudit, type Operator } from '../backoffice/audit';
import { listOperatorOffers } from './operator-offers';

// Offer documents uploaded by operators. PDF only: the bytes must start with `%PDF-` (the name's
// extension alone proves nothing). The bytes live in offer_document_files; the document's url is
// /api/offer-documents/{id}/file, which answers an investor-kind document only to a signed-in investor or
// operator (the same rule as `documents.investor` in GET /offers/{slug}). Upload and delete bump the public
// content version in their transaction, so cached offer answers change; each writes an audit row.

export const fileUrlOf = (documentId: number) => `/api/offer-documents/${documentId}/file`;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function isPdf(bytes: Buffer): boolean {
  return bytes.length > PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** Decodes and checks the file; throws 400/413/415 with the field named. */
export function pdfOf(body: Pick<DocumentUploadBody, 'contentBase64' | 'fileName'>, maxBytes: number): Buffer {
  const bytes = Buffer.from(body.contentBase64, 'base64');
  if (bytes.byteLength === 0) throw apiError(400, 'IS_EMPTY', 'contentBase64');
  if (bytes.byteLength > maxBytes) throw apiError(413, 'FILE_TOO_LARGE', 'contentBase64');
  if (!isPdf(bytes)) throw apiError(415, 'FILE_TYPE_NOT_ALLOWED', 'contentBase64');
  return bytes;
}

export async function uploadOfferDocument(
  db: Db,
  operator: Operator,
  offerId: number,
  body: DocumentUploadBody,
  bytes: Buffer,
): Promise<OperatorOffer> {
  await db.transaction(async (tx) => {
    const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update').limit(1);
    if (!offer) throw notFound('id');
    const [{ last }] = await tx.select({ last: max(offerDocuments.position) }).from(offerDocuments).where(eq(offerDocuments.offerId, offerId));
    const fileName = body.fileName.replace(/[\\/]/g, '_');
    const [doc] = await tx
      .insert(offerDocuments)
      .values({
        offerId,
        key: `upload-${randomBytes(6).toString('hex')}`,
        kind: body.kind,
        displayName: { pl: body.displayName.pl, en: body.displayName.en },
        url: 'pending',
        position: (last ?? -1) + 1,
      })
      .returning();
    const url = fileUrlOf(doc.id);
    await tx.update(offerDocuments).set({ url }).where(eq(offerDocuments.id, doc.id));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await tx.insert(offerDocumentFiles).values({ documentId: doc.id, fileName, content: bytes, size: bytes.byteLength, sha256, uploadedBy: operator.userId });
    await bumpContentVersion(tx as Db);
    await writeAudit(tx, operator, {
      action: 'offer.document.uploaded',
      entityType: 'offer',
      entityId: offerId,
      reason: body.reason,
      before: null,
      after: { documentId: doc.id, key: doc.key, kind: doc.kind, displayName: doc.displayName, url, fileName, size: bytes.byteLength, sha256 },
    });
  });
  const [offer] = await listOperatorOffers(db, offerId);
  return offer;
}

export async function deleteOfferDocument(db: Db, operator: Operator, offerId: number, documentId: number, body: DocumentDeleteBody): Promise<OperatorOffer> {
  await db.transaction(async (tx) => {
    const [doc] = await tx
      .delete(offerDocuments)
      .where(and(eq(offerDocuments.id, documentId), eq(offerDocuments.offerId, offerId)))
      .returning();
    if (!doc) throw notFound('documentId');
    await bumpContentVersion(tx as Db);
    await writeAudit(tx, operator, {
      action: 'offer.document.deleted',
      entityType: 'offer',
      entityId: offerId,
      reason: body.reason,
      before: { documentId: doc.id, key: doc.key, kind: doc.kind, displayName: doc.displayName, url: doc.url },
      after: null,
    });
  });
  const [offer] = await listOperatorOffers(db, offerId);
  return offer;
}
