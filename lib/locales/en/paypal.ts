// en texts of the "paypal" namespace: the PayPal return page.
export default {
  title: 'PayPal payment',
  capturing: 'Confirming your PayPal payment…',
  leaving: 'Taking you to PayPal…',
  working: 'One moment…',
  order: 'Order {{reference}}',
  total: 'Total',
  shares: 'Shares',
  status: 'Status',
  paid: {
    title: 'Thank you! Your order is paid',
    text: 'PayPal has confirmed your payment. Your shares are reserved for you.',
  },
  pending: {
    title: 'PayPal is still processing your payment',
    text: 'PayPal holds the payment for now ({{reason}}). Your order stays pending until the money arrives; we will update it as soon as PayPal tells us.',
    review: 'We received a payment that does not match your order. Our team will check it and contact you. You do not need to pay again.',
    refresh: 'Check again',
  },
  declined: {
    title: 'Your payment was declined',
    text: 'The payment method you chose was declined. Go back to PayPal and choose another card or funding source.',
    back: 'Back to PayPal',
  },
  cancelled: {
    title: 'The payment was cancelled',
    text: 'Your order is still waiting for payment until {{deadline}}. You can pay with PayPal again or switch to a bank transfer.',
  },
  retry: 'Pay with PayPal again',
  bankTransfer: 'Switch to bank transfer',
  bankTransferTitle: 'You switched to bank transfer: pay this order with the details below.',
  expired: {
    title: 'This order has expired',
    text: 'The order was not paid in time and has been cancelled. No money was taken for it.',
    late: 'A payment arrived after the order expired. Our team will contact you about it.',
  },
  error: {
    title: 'We could not confirm your payment',
    retry: 'Try again',
  },
  toOrders: 'Go to my orders',
  toOffer: 'Back to the offers',
};
