// The app's one way to show a moment: a date ("28 Nov 2026") or a date with its time
// ("28 Nov 2026, 17:50"), in the reader's language. Times from the API are unix seconds.

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(
  locale: string,
  withTime: boolean | 'seconds',
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone ?? ''}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: withTime === 'seconds' ? 'medium' : 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    })
    formatters.set(key, found)
  }
  return found
}

/** A unix time (seconds) as a date. `timeZone` pins the day (a UTC day stays that day). */
export function formatDate(unixSeconds: number, locale: string, timeZone?: string): string {
  return formatter(locale, false, timeZone).format(new Date(unixSeconds * 1000))
}

/** A unix time (seconds) as a date with its time of day; logs of requests ask for the seconds. */
export function formatDateTime(
  unixSeconds: number,
  locale: string,
  options: { seconds?: boolean } = {},
): string {
  return formatter(locale, options.seconds ? 'seconds' : true, undefined).format(new Date(unixSeconds * 1000))
}
