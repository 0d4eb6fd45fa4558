// pl texts of the "protection" namespace: the knowledge test with the loss simulation, the large-investment
// warning, the key investment information sheet and the reflection period.
export default {
  test: {
    title: 'Test wiedzy i symulacja straty',
    loading: 'Wczytywanie testu wiedzy…',
    loadFailed: 'Nie udało się wczytać testu wiedzy.',
    retry: 'Spróbuj ponownie',
    intro:
      'Zanim złożysz pierwsze zamówienie, prawo UE (rozporządzenie (UE) 2020/1503, art. 21) wymaga od nas sprawdzenia Twojej wiedzy o ryzyku inwestycji crowdfundingowych i tego, jaką stratę możesz ponieść. Test zajmuje kilka minut i jest ważny 2 lata.',
    lapsed: 'Twój ostatni test wiedzy ma ponad 2 lata. Aby inwestować dalej, wypełnij go ponownie.',
    start: 'Rozpocznij test',
    questions: 'Pytania',
    simulation: 'Symulacja zdolności do poniesienia straty',
    simulationIntro: 'Podaj kwoty w pełnych złotych. Na ich podstawie obliczymy Twój majątek netto; nie zapisujemy tych kwot, tylko wynik.',
    yearlyIncome: 'Roczny dochód (zł)',
    liquidAssets: 'Aktywa płynne: oszczędności, lokaty, papiery wartościowe (zł)',
    yearlyCommitments: 'Roczne stałe zobowiązania finansowe (zł)',
    submit: 'Zobacz wynik',
    submitting: 'Sprawdzanie…',
    passedTitle: 'Test zaliczony',
    passed: 'Twoje odpowiedzi pokazują, że rozumiesz ryzyko tej inwestycji.',
    netWorth: 'Majątek netto',
    affordableLoss: 'Kwota, którą możesz stracić (10% majątku netto)',
    continue: 'Przejdź do zamówienia',
    warningTitle: 'Ostrzeżenie o ryzyku',
    warning:
      'Twoje odpowiedzi wskazują, że ta inwestycja może nie być dla Ciebie odpowiednia. Inwestycje crowdfundingowe wiążą się z ryzykiem utraty całej zainwestowanej kwoty, a udziałów może nie dać się sprzedać przez wiele lat. Możesz kontynuować tylko na własną odpowiedzialność.',
    acknowledge: 'Rozumiem ryzyko i chcę kontynuować',
    acknowledging: 'Zapisywanie…',
  },
  large: {
    title: 'Ostrzeżenie: duża inwestycja',
    text: 'To zamówienie ({{amount}}) przekracza wyższą z kwot: 1000 EUR lub 5% Twojego majątku netto ({{threshold}}). Możesz stracić całą zainwestowaną kwotę. Kontynuuj tylko wtedy, gdy świadomie akceptujesz to ryzyko.',
    consent: 'Rozumiem ostrzeżenie i wyrażam zgodę na tę inwestycję',
    change: 'Zmień liczbę udziałów na stronie oferty',
  },
  kiis: {
    heading: 'Arkusz kluczowych informacji inwestycyjnych',
    open: 'Otwórz arkusz kluczowych informacji inwestycyjnych (PDF, nowa karta)',
    acknowledge: 'Zapoznałem(-am) się z arkuszem kluczowych informacji inwestycyjnych, w tym z ostrzeżeniem o ryzyku i okresem namysłu',
  },
} as const;
