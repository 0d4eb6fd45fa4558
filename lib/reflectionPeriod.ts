// Shared by the server (the revocation route refuses after the period) and the investor area (its countdown
// and the Revoke button), so both end the period at the same instant.
// The reflection period (ECSP Art. 22): a non-sophisticated investor may revoke an order without a reason or
// penalty for 4 calendar days after placing it. Calendar days are counted on the Warsaw calendar: the period
// ends at the same wall-clock time in Europe/Warsaw 4 days later, so across a change to or from summer time
// it lasts 95 or 97 hours, not 96. The clock is a parameter so the boundary can be tested to the second.

export const REFLECTION_DAYS = 4;
export const REFLECTION_TIME_ZONE = 'Europe/Warsaw';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in milliseconds, read from Intl (formatToParts). */
function offsetFromIntl(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const ms = ((instant % 1000) + 1000) % 1000;
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second, ms) - instant;
}

// formatToParts costs tens of microseconds and every order needs several (its deadline in the answer and in
// the e-mail), while a zone's offset changes only at its transitions. So the offset is kept per zone and UTC
// quarter hour, but only for a quarter whose first and last millisecond have the same offset: a quarter with a
// transition in it is always read from Intl, so the cache can never answer a wrong offset.
const QUARTER = 15 * 60_000;
const offsets = new Map<string, number | null>();
function offsetAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = offsetFromIntl(quarter * QUARTER, timeZone);
    offset = first === offsetFromIntl((quarter + 1) * QUARTER - 1, timeZone) ? first : null;
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(key, offset);
  }
  return offset ?? offsetFromIntl(instant, timeZone);
}

/** The wall-clock time in `timeZone` at `instant`, as UTC fields of a Date. */
const wallClock = (instant: number, timeZone: string) => new Date(instant + offsetAt(instant, timeZone));

/** The instant `days` calendar days after `from` at the same wall-clock time in `timeZone`. */
export function addCalendarDays(from: Date, days: number, timeZone = REFLECTION_TIME_ZONE): Date {
  const w = wallClock(from.getTime(), timeZone);
  const wall = Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + days, w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), w.getUTCMilliseconds());
  // The wall time read as UTC, corrected by the offset there; a second pass settles a guess that landed on
  // the other side of a change. A wall time the spring change skips (02:30) comes out an hour later.
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

export function reflectionDeadline(placedAt: Date): Date {
  return addCalendarDays(placedAt, REFLECTION_DAYS);
}

/** Inside the period up to and including its last millisecond; one past it is too late. */
export function withinReflection(placedAt: Date, clock: Clock = systemClock): boolean {
  return clock().getTime() <= reflectionDeadline(placedAt).getTime();
}

/** Whole seconds left (0 once it has ended): what a countdown shows. */
export function reflectionSecondsLeft(placedAt: Date, clock: Clock = systemClock): number {
  return Math.max(0, Math.floor((reflectionDeadline(placedAt).getTime() - clock().getTime()) / 1000));
}
