import { asc, count, desc, eq } from 'drizzle-orm';
import type { StatementImport, StatementImportDetail } from '../../../contract/operator';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { statementExceptions, statementImports, statementLines } from '../../db/schema-backoffice';
import { orders } from '../../db/schema-orders';
import { notFound } from '../../lib/errors';
import { pageWindow, type PageRequest } from '../../lib/pagination';
import { toLine } from '../orders/operator-orders';
import { toStatementImport } from './import';

// The imported statements as operators read them: the list, and one import with its lines.

/** One page of imports, newest first, each with the e-mail of the operator who uploaded it. */
export async function listStatementImports(db: Executor, page: PageRequest): Promise<{ items: StatementImport[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ i: statementImports, email: users.email })
      .from(statementImports)
      .leftJoin(users, eq(users.id, statementImports.importedBy))
      .orderBy(desc(statementImports.createdAt), desc(statementImports.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ total: count() }).from(statementImports),
  ]);
  return { items: rows.map(({ i, email }) => toStatementImport(i, email)), total };
}

/** One import with its lines in file order, each with its order and its exception if any; 404 if unknown. */
export async function statementImportDetail(db: Executor, id: number): Promise<StatementImportDetail> {
  const [row] = await db
    .select({ i: statementImports, email: users.email })
    .from(statementImports)
    .leftJoin(users, eq(users.id, statementImports.importedBy))
    .where(eq(statementImports.id, id))
    .limit(1);
  if (!row) throw notFound('id');
  const lines = await db
    .select({ line: statementLines, order: orders, exception: statementExceptions })
    .from(statementLines)
    .leftJoin(orders, eq(orders.id, statementLines.orderId))
    .leftJoin(statementExceptions, eq(statementExceptions.lineId, statementLines.id))
    .where(eq(statementLines.importId, row.i.id))
    .orderBy(asc(statementLines.position));
  return {
    ...toStatementImport(row.i, row.email),
    lines: lines.map(({ line, order, exception }) =>
      toLine(line, order, exception ? { id: exception.id, reason: exception.reason, status: exception.status } : null),
    ),
  };
}
