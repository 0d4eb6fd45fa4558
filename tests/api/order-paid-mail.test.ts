import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema-accounts';
import { offers } from '../../server/db/schema-content';
import { camt053, mt940 } from '../support/statements';
import { describeEachDatabase, expectData, type TokenPair } from './helpers';
import { orderBody } from './orders-support';
import { backofficeFixture, base64, expireOrder, orderRowOf, type Fixture } from './operator-support';

// The payment confirmation e-mail ('order_paid'): queued in the transaction that makes the order paid, in
// the order's language, exactly once per order, whichever way the money came (statement line, operator,
// accepted exception). PayPal captures are covered in paypal.test.ts.

describeEachDatabase('order paid e-mail (bank transfers)', {}, (t) => {
  let operator: TokenPair;
  let f: Fixture;

  beforeAll(async () => {
    operator = await t.login('operator');
    f = await backofficeFixture(t.app, 100, 10_000);
  });

  const place = async (language: 'pl' | 'en', quantity = 1) =>
    (
      await t.app.orders.create({
        userId: f.investor.userId,
        language,
        body: await orderBody(t.app.db, { offer: f.offerId, series: f.seriesId, method: f.method.bank, agreements: f.agreements }, quantity),
      })
    ).order;

  const paidMails = async (reference: string) =>
    (await t.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order_paid'), eq(mailOutbox.recipient, f.investor.email)))).filter((m) =>
      m.subject.includes(reference),
    );

  const upload = (fileName: string, content: string) =>
    t.injectAs(operator, { method: 'POST', url: '/api/operator/statements', payload: { fileName, contentBase64: base64(content) } });

  it('a matched CAMT.053 line: one e-mail in the order language (en) with amount, offer, shares, link and the PDF hint; re-import adds none', async () => {
    const order = await place('en', 2);
    expect(await paidMails(order.reference)).toHaveLength(0);
    const file = camt053({ id: 'MAIL-1', lines: [{ ref: 'MAIL-A1', amount: order.totalPrice, title: order.reference }] });
    expect(expectData(await upload('mail-1.xml', file)).summary.matched).toBe(1);
    const mails = await paidMails(order.reference);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.language).toBe('en');
    expect(mail.status).toBe('pending');
    expect(mail.subject).toBe(`Order ${order.reference} is paid`);
    expect(mail.link).toBe(`${t.app.config.publicUrl}/en/investor/order/${order.id}`);
    const amount = `PLN\u00a0${(order.totalPrice / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(mail.textBody).toContain(amount);
    expect(mail.textBody).toContain('Shares: 2');
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, f.offerId));
    expect(mail.textBody).toContain(`Offer: ${offer.title.en}`);
    expect(mail.textBody).toContain(`${t.app.config.publicUrl}/en/investor/documents`);
    expect(mail.textBody).toMatch(/payment confirmation \(PDF\)/);
    expect(mail.htmlBody).toContain(`/en/investor/order/${order.id}`);

    // The same file again and a second payment of the same order: still one e-mail.
    expectData(await upload('mail-1.xml', file));
    const again = mt940({ id: 'MAIL-2', lines: [{ ref: 'MAIL-A2', amount: order.totalPrice, title: order.reference }] });
    expect(expectData(await upload('mail-2.sta', again)).lines[0].exception.reason).toBe('ORDER_ALREADY_PAID');
    expect(await paidMails(order.reference)).toHaveLength(1);
  });

  it('a Polish order paid by an MT940 line: the e-mail is in Polish with the Polish order path', async () => {
    const order = await place('pl');
    expectData(await upload('mail-3.sta', mt940({ id: 'MAIL-3', lines: [{ ref: 'MAIL-A3', amount: order.totalPrice, title: order.reference }] })));
    const mails = await paidMails(order.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'pl', subject: `Zamówienie ${order.reference} zostało opłacone` });
    expect(mails[0].link).toBe(`${t.app.config.publicUrl}/pl/inwestor/zamowienie/${order.id}`);
    expect(mails[0].textBody).toContain('/pl/inwestor/dokumenty');
  });

  it('an operator recording a transfer by hand: one e-mail; a refused second recording adds none', async () => {
    const order = await place('pl');
    const act = (payload: Record<string, unknown>) =>
      t.injectAs(operator, { method: 'POST', url: `/api/operator/orders/${order.id}/record-transfer`, payload });
    expectData(await act({ expectedVersion: 0, reason: 'Przelew widoczny w banku', bankReference: 'MAIL-MANUAL-1' }));
    expect((await act({ expectedVersion: 0, reason: 'Jeszcze raz' })).statusCode).toBe(409);
    expect(await paidMails(order.reference)).toHaveLength(1);
  });

  it('an accepted exception (late payment of an expired order): one e-mail; paid again after a cancel: still one', async () => {
    const order = await place('en');
    await expireOrder(t.app, order.id);
    const imported = expectData(await upload('mail-4.xml', camt053({ id: 'MAIL-4', lines: [{ ref: 'MAIL-A4', amount: order.totalPrice, title: order.reference }] })));
    expect(imported.lines[0].exception.reason).toBe('ORDER_EXPIRED_OR_CANCELLED');
    expect(await paidMails(order.reference)).toHaveLength(0);
    expectData(
      await t.injectAs(operator, {
        method: 'POST',
        url: `/api/operator/exceptions/${imported.lines[0].exception.id}/resolve`,
        payload: { resolution: 'accept', reason: 'Spóźniona wpłata przyjęta' },
      }),
    );
    expect((await orderRowOf(t.app, order.id)).status).toBe('paid');
    expect(await paidMails(order.reference)).toHaveLength(1);

    const version = (await orderRowOf(t.app, order.id)).version;
    expectData(await t.injectAs(operator, { method: 'POST', url: `/api/operator/orders/${order.id}/cancel`, payload: { expectedVersion: version, reason: 'Zwrot' } }));
    const v2 = (await orderRowOf(t.app, order.id)).version;
    expectData(await t.injectAs(operator, { method: 'POST', url: `/api/operator/orders/${order.id}/record-transfer`, payload: { expectedVersion: v2, reason: 'Wpłata ponowna' } }));
    expect((await orderRowOf(t.app, order.id)).status).toBe('paid');
    expect(await paidMails(order.reference)).toHaveLength(1);
  });
});
