// Leaving the app for another site (PayPal's approval page): a full page load. One function, so tests can
// record where the browser was sent instead of letting jsdom try to navigate.
export function leaveFor(url: string): void {
  window.location.assign(url);
}
