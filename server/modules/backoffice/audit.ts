import { operatorAuditLog } from '../../db/schema-backoffice';
import type { Executor } from '../mail/outbox';

// Every operator action writes one audit row IN THE SAME TRANSACTION as the change it describes: the log
// never shows a change that did not happen, nor misses one that did.

export interface Operator {
  userId: string;
  email: string;
}

export interface AuditInput {
  action: string;
  entityType: string;
  entityId: string | number;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** JSON-safe copy (Dates → ISO strings). */
export const snapshot = <T extends object>(value: T | null | undefined): Record<string, unknown> | null =>
  value ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>) : null;

export async function writeAudit(tx: Executor, operator: Operator, input: AuditInput): Promise<void> {
  await tx.insert(operatorAuditLog).values({
    actorUserId: operator.userId,
    actorEmail: operator.email,
    action: input.action,
    entityType: input.entityType,
    entityId: String(input.entityId),
    reason: input.reason ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}
