import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatAmountPlain, formatDate } from '../../../lib/format';
import enInvestor from '../../../lib/locales/en/investor';
import plInvestor from '../../../lib/locales/pl/investor';
import { nowOf } from '../../config';
import { toCsv } from '../documents/csv';
import { reasonSchema } from '../../../contract/operator';
import { sophisticatedApplicationSchema } from '../../../contract/protection';
import { ok, responses } from '../../lib/envelope';
import { operatorOf } from '../backoffice/context';
import { allProtectionRecords } from './operator-records';
import { decideApplication } from './sophisticated';
import { fileErrors, sendCsv } from '../orders/routes-operator';

// The investor-protection records for the regulator as CSV (docs/api.md "Back office"): classifications,
// sophisticated-investor applications with their decisions, knowledge test results, large-investment consents and revocations, one line each in time order, for every
// investor or one (?investor=). The same file conventions as the accounting exports. And the operator's
// decision on a sophisticated-investor application (approve / reject with a reason, in the audit log).
// Operators only.

const HEAD = {
  pl: {
    columns: ['Rodzaj zapisu', 'Data', 'Inwestor', 'E-mail', 'Klasyfikacja', 'Klasyfikacja obowiązująca', 'Przegląd do', 'Wersja kwestionariusza', 'Język testu', 'Wynik testu', 'Ostrzeżenie o ryzyku potwierdzone', 'Test ważny do', 'Wniosek: osoba', 'Wniosek: kryteria', 'Wniosek: wersja oświadczenia', 'Wniosek: decyzja', 'Wniosek: data decyzji', 'Wniosek: operator', 'Wniosek: uzasadnienie', 'Numer zamówienia', 'Kwota (PLN)', 'Próg dużej inwestycji (PLN)', 'Sposób odstąpienia', 'Zwrot należny', 'Metoda płatności'],
    kind: { classification: 'Klasyfikacja inwestora', application: 'Wniosek o uznanie za inwestora doświadczonego', knowledgeTest: 'Test wiedzy', largeInvestmentConsent: 'Zgoda na dużą inwestycję', revocation: 'Odstąpienie w okresie namysłu' },
    classification: { non_sophisticated: 'Inwestor niedoświadczony', sophisticated: 'Inwestor doświadczony' },
    passed: { true: 'Zaliczony', false: 'Niezaliczony' },
    via: { order_page: 'Ekran zamówienia', email_link: 'Link z e-maila' },
    yesNo: { true: 'Tak', false: 'Nie' },
    person: { natural_person: 'Osoba fizyczna', legal_person: 'Osoba prawna' } as Record<string, string>,
    status: { pending: 'Oczekuje', approved: 'Zatwierdzony', rejected: 'Odrzucony' } as Record<string, string>,
    method: plInvestor.methods as Record<string, string>,
    file: 'ochrona-inwestorow',
  },
  en: {
    columns: ['Record', 'Date', 'Investor', 'E-mail', 'Classification', 'Classification in force', 'Review due', 'Questionnaire version', 'Test language', 'Test result', 'Risk warning acknowledged', 'Test valid until', 'Application: person', 'Application: criteria', 'Application: declaration version', 'Application: decision', 'Application: decided on', 'Application: operator', 'Application: reason', 'Order reference', 'Amount (PLN)', 'Large-investment threshold (PLN)', 'Revoked via', 'Refund due', 'Payment method'],
    kind: { classification: 'Investor classification', application: 'Application to be treated as sophisticated', knowledgeTest: 'Knowledge test', largeInvestmentConsent: 'Large-investment consent', revocation: 'Revocation in the reflection period' },
    classification: { non_sophisticated: 'Non-sophisticated investor', sophisticated: 'Sophisticated investor' },
    passed: { true: 'Passed', false: 'Failed' },
    via: { order_page: 'Order screen', email_link: 'E-mail link' },
    yesNo: { true: 'Yes', false: 'No' },
    person: { natural_person: 'Natural person', legal_person: 'Legal person' } as Record<string, string>,
    status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as Record<string, string>,
    method: enInvestor.methods as Record<string, string>,
    file: 'investor-protection',
  },
} as const;

const querystring = z.object({
  investor: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'VALUE_NOT_VALID')
    .optional(),
});

const protectionRecordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];

  fastify.get('/operator/exports/investor-protection.csv', {
    onRequest: guard,
    schema: { querystring, response: fileErrors },
    handler: async (request, reply) => {
      const lang = request.language;
      const h = HEAD[lang];
      const money = (g: number | null) => (g === null ? '' : { number: formatAmountPlain(g, lang) });
      const when = (d: string | null | undefined) => formatDate(d ?? null, lang, 'dateTime');
      const lines = await allProtectionRecords(fastify.db, request.query.investor, nowOf(fastify.config));
      const body = toCsv(
        [
          [...h.columns],
          ...lines.map((l) => [
            h.kind[l.kind],
            when(l.at),
            `${l.investor.firstName} ${l.investor.lastName}`.trim(),
            l.investor.email,
            l.classification ? h.classification[l.classification.recorded] : '',
            l.classification ? h.classification[l.classification.current] : '',
            when(l.classification?.reviewDueAt),
            l.test?.version ?? '',
            l.test?.language ?? '',
            l.test ? h.passed[`${l.test.passed}`] : '',
            when(l.test?.riskWarningAcknowledgedAt),
            when(l.test?.expiresAt),
            l.application ? (h.person[l.application.investorKind] ?? l.application.investorKind) : '',
            // the Annex II criteria by code (ownFunds, incomeOrPortfolio …; docs/api.md), space-separated
            l.application?.criteria.join(' ') ?? '',
            l.application?.declarationVersion ?? '',
            l.application ? (h.status[l.application.status] ?? l.application.status) : '',
            when(l.application?.decidedAt),
            l.application?.decidedByEmail ?? '',
            l.application?.decisionReason ?? '',
            l.order?.reference ?? '',
            money(l.order?.amount ?? null),
            money(l.order?.threshold ?? null),
            l.order?.via ? h.via[l.order.via] : '',
            l.order?.refundDue == null ? '' : h.yesNo[`${l.order.refundDue}`],
            l.order?.method ? (h.method[l.order.method] ?? l.order.method) : '',
          ]),
        ],
        lang,
      );
      return sendCsv(reply, `${h.file}.csv`, body);
    },
  });

  for (const decision of ['approve', 'reject'] as const) {
    fastify.post(`/operator/sophisticated-applications/:id/${decision}`, {
      onRequest: guard,
      schema: {
        params: z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) }),
        body: z.object({ reason: reasonSchema }),
        response: responses(sophisticatedApplicationSchema, [400, 401, 403, 404, 409]),
      },
      handler: async (request) => {
        const operator = await operatorOf(fastify, request);
        return ok(await decideApplication(fastify.db, operator, request.params.id, decision, request.body.reason, nowOf(fastify.config)));
      },
    });
  }
};

export default protectionRecordRoutes;
