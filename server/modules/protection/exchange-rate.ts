import type { Db } from '../../db/client';
import { exchangeRates } from '../../db/schema-protection';
import { writeAudit, type Operator } from '../backoffice/audit';
import { currentEurRate } from './service';

// The operator's EUR rate, which the large-investment threshold (EUR 1 000 in PLN) converts with. Each change
// is a new row (orders keep the rate and date they were checked against) and an audit entry, in one transaction.

export async function setEurRate(db: Db, operator: Operator, input: { rate: number; rateDate: string; reason: string }): Promise<void> {
  const { rate, rateDate, reason } = input;
  await db.transaction(async (tx) => {
    const before = await currentEurRate(tx);
    const [row] = await tx.insert(exchangeRates).values({ currency: 'EUR', rate, rateDate, setBy: operator.userId }).returning({ id: exchangeRates.id });
    await writeAudit(tx, operator, { action: 'exchangeRate.set', entityType: 'exchangeRate', entityId: row.id, reason, before: before ?? null, after: { rate, rateDate } });
  });
}
