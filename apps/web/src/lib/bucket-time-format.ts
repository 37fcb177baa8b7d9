// Time buckets, bucket sizes and durations of the analytics pages, in the viewer's language.

/** A bucket's start, shown as precisely as its size needs (in the viewer's time zone). */
export function bucketFormatter(language: string, bucketSeconds: number): (time: number) => string {
  const options: Intl.DateTimeFormatOptions =
    bucketSeconds >= 86_400
      ? { month: 'short', day: 'numeric' }
      : bucketSeconds >= 3600
        ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
        : bucketSeconds >= 60
          ? { hour: '2-digit', minute: '2-digit' }
          : { hour: '2-digit', minute: '2-digit', second: '2-digit' }
  const format = new Intl.DateTimeFormat(language, options)
  return (time) => format.format(time)
}

/** A bucket size as words: "15 s", "5 min", "4 h", "1 d" in the viewer's language. */
export function durationLabel(language: string, seconds: number): string {
  const [value, unit]: [number, Intl.NumberFormatOptions['unit']] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [seconds / 60, 'minute']
        : seconds < 86_400
          ? [seconds / 3600, 'hour']
          : [seconds / 86_400, 'day']
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}

export function millis(language: string, ms: number | null): string {
  if (ms === null) return '—'
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(ms)
}
