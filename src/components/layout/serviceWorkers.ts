// SPEC §2: service workers are unregistered at startup (an older build may have installed one that
// would keep serving stale files). Call once from the entry point; never throws.
export async function unregisterServiceWorkers(
  container: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
): Promise<number> {
  if (!container || typeof container.getRegistrations !== 'function') return 0;
  try {
    const registrations = await container.getRegistrations();
    const results = await Promise.all(registrations.map((r) => r.unregister().catch(() => false)));
    return results.filter(Boolean).length;
  } catch {
    return 0;
  }
}
