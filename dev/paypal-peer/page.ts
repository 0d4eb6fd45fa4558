import type { PeerOrder } from './peer';

// The peer's approval page: plain HTML forms (no script at all, so the site's CSP needs no exception), its own
// stylesheet from the same server, and a banner that says plainly it is the test peer and not PayPal.

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXT = {
  pl: {
    title: 'Lokalny test PayPal',
    banner: 'TESTOWY ODPOWIEDNIK PAYPAL. To nie jest PayPal i żadne pieniądze nie są przesyłane.',
    pay: 'Zapłać',
    pending: 'Zapłać eCheck (płatność oczekująca)',
    declined: 'Zapłać kartą, która zostanie odrzucona',
    cancel: 'Anuluj i wróć do sklepu',
    merchant: 'Sprzedawca',
    amount: 'Kwota',
    order: 'Zamówienie PayPal',
    invoice: 'Numer zamówienia',
    gone: 'Tego zamówienia nie ma lub nie czeka już na akceptację.',
    declinedBefore: 'Poprzednia karta została odrzucona. Wybierz inny sposób płatności.',
  },
  en: {
    title: 'Local PayPal test',
    banner: 'PAYPAL TEST PEER. This is not PayPal and no money moves.',
    pay: 'Pay',
    pending: 'Pay by eCheck (pending payment)',
    declined: 'Pay with a card that gets declined',
    cancel: 'Cancel and return to the merchant',
    merchant: 'Merchant',
    amount: 'Amount',
    order: 'PayPal order',
    invoice: 'Order number',
    gone: 'This order does not exist or no longer waits for approval.',
    declinedBefore: 'The previous card was declined. Choose another way to pay.',
  },
} as const;

export function approvalPage(order: PeerOrder | undefined, prefix: string, language: 'pl' | 'en', flags: { declined?: boolean } = {}): string {
  const t = TEXT[language];
  const open = order && (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED' || order.status === 'APPROVED');
  const body = !order || !open
    ? `<p class="notice" role="alert">${t.gone}</p>`
    : `
      ${flags.declined ? `<p class="notice" role="alert">${t.declinedBefore}</p>` : ''}
      <dl>
        <dt>${t.merchant}</dt><dd>${escape(order.experience.brand_name ?? '')}</dd>
        <dt>${t.invoice}</dt><dd>${escape(order.purchaseUnit.invoice_id ?? '')}</dd>
        <dt>${t.order}</dt><dd>${escape(order.id)}</dd>
        <dt>${t.amount}</dt><dd class="amount">${escape(order.purchaseUnit.amount.value)} ${escape(order.purchaseUnit.amount.currency_code)}</dd>
      </dl>
      <form method="post" action="${prefix}/checkoutnow/${encodeURIComponent(order.id)}">
        <button type="submit" name="action" value="pay" class="primary">${t.pay}</button>
        <button type="submit" name="action" value="pending">${t.pending}</button>
        <button type="submit" name="action" value="declined-card">${t.declined}</button>
        <button type="submit" name="action" value="cancel" class="link">${t.cancel}</button>
      </form>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
<link rel="stylesheet" href="${prefix}/peer.css">
</head>
<body>
<div class="banner" role="note">${t.banner}</div>
<main>
<h1>${t.title}</h1>
${body}
</main>
</body>
</html>`;
}

export const PEER_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fa;color:#1a1a1a}
.banner{background:#b00020;color:#fff;font-weight:700;text-align:center;padding:12px 16px;letter-spacing:.02em}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 24px}
dt{color:#555}dd{margin:0;font-weight:600;word-break:break-all}
.amount{font-size:1.2rem}
form{display:flex;flex-direction:column;gap:12px}
button{font:inherit;padding:12px 16px;border-radius:24px;border:2px solid #003087;background:#fff;color:#003087;cursor:pointer}
button.primary{background:#003087;color:#fff}
button.link{border-color:transparent;text-decoration:underline}
button:focus-visible{outline:3px solid #ffb400;outline-offset:2px}
.notice{background:#fff4e5;border-left:4px solid #ff9800;padding:8px 12px}
`;
