// The reflection period's rules live in lib/ so the investor area's countdown ends where the server refuses.
export {
  REFLECTION_DAYS,
  REFLECTION_TIME_ZONE,
  addCalendarDays,
  reflectionDeadline,
  reflectionSecondsLeft,
  systemClock,
  withinReflection,
  type Clock,
} from '../../../lib/reflectionPeriod';
