/**
 * Time, owned in one place: a day's length and the start of a UTC day, the one ISO 8601 parser, and the clock
 * everything that waits accepts (with sleep and withDeadline on it). The bottom layer: it imports nothing of ours.
 */
export { addUtcMonths, DAY_MS, dayText, instantText, startOfUtcDay } from "./day";
export { hasBadZoneOffset, isIsoDate, parseInstant, parseIso, ZONE_OFFSET_RULE } from "./iso";
export { MAX_TIMER_MS, safeDelay, sleep, systemClock, type Clock, type TimerHandle } from "./clock";
export { clearDeadline, resolveWithin, setDeadline, withDeadline, type Deadline } from "./deadlines";
export { eventWithin, type EventSource } from "./event-within";
export { isoWeekStart, RELATIVE_DATE_FORMS, relativeDay } from "./relative";
