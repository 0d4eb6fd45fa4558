// pl texts of the "paypal" namespace: the PayPal return page.
export default {
  title: 'Płatność PayPal',
  capturing: 'Potwierdzamy płatność PayPal…',
  leaving: 'Przekierowujemy do PayPal…',
  working: 'Chwileczkę…',
  order: 'Zamówienie {{reference}}',
  total: 'Do zapłaty',
  shares: 'Udziały',
  status: 'Status',
  paid: {
    title: 'Dziękujemy! Zamówienie jest opłacone',
    text: 'PayPal potwierdził płatność. Udziały są zarezerwowane dla Ciebie.',
  },
  pending: {
    title: 'PayPal nadal przetwarza płatność',
    text: 'PayPal wstrzymał na razie płatność ({{reason}}). Zamówienie pozostaje oczekujące do wpływu środków; zaktualizujemy je, gdy tylko PayPal nas powiadomi.',
    review: 'Otrzymaliśmy płatność, która nie zgadza się z zamówieniem. Nasz zespół ją sprawdzi i skontaktuje się z Tobą. Nie musisz płacić ponownie.',
    refresh: 'Sprawdź ponownie',
  },
  declined: {
    title: 'Płatność została odrzucona',
    text: 'Wybrana metoda płatności została odrzucona. Wróć do PayPal i wybierz inną kartę lub źródło finansowania.',
    back: 'Wróć do PayPal',
  },
  cancelled: {
    title: 'Płatność została anulowana',
    text: 'Zamówienie czeka na płatność do {{deadline}}. Możesz ponownie zapłacić przez PayPal albo wybrać przelew bankowy.',
  },
  retry: 'Zapłać ponownie przez PayPal',
  bankTransfer: 'Zmień na przelew bankowy',
  bankTransferTitle: 'Zmieniono płatność na przelew bankowy: opłać zamówienie, korzystając z danych poniżej.',
  expired: {
    title: 'To zamówienie wygasło',
    text: 'Zamówienie nie zostało opłacone na czas i zostało anulowane. Nie pobrano za nie żadnych pieniędzy.',
    late: 'Płatność dotarła po wygaśnięciu zamówienia. Nasz zespół skontaktuje się z Tobą w tej sprawie.',
  },
  error: {
    title: 'Nie udało się potwierdzić płatności',
    retry: 'Spróbuj ponownie',
  },
  toOrders: 'Przejdź do moich zamówień',
  toOffer: 'Wróć do ofert',
};
