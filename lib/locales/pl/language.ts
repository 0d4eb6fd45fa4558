export default {
  label: 'Język',
  switchFailed: 'Nie udało się zmienić języka.',
} as Record<string, unknown>;
