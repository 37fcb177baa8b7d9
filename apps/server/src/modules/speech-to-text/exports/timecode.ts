// Clock times of exports: SubRip writes a comma before the milliseconds, WebVTT a full stop.

/** `HH:MM:SS,mmm` or `HH:MM:SS.mmm`, rounded to the millisecond; hours grow past 99 if needed. */
export function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`
}

/** `HH:MM:SS` for documents, rounded down to the second a segment starts in. */
export function wholeSeconds(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds + 1e-6))
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}
