import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCount } from '../lib/format-count'
import type { ChartModel } from './stacked-bar-chart-model'

// Colours that read on white and on the dark theme's near-black.
export const SERIES_COLOURS = ['#6366f1', '#14b8a6', '#f59e0b', '#ec4899', '#0ea5e9', '#84cc16']

const H = 260
const PAD = { top: 12, right: 8, bottom: 28, left: 44 }

/** Stacked bars per day, drawn as plain SVG (no chart library in the bundle). */
export function StackedBarChart({
  model,
  label,
  nameOf,
  formatTime,
  formatValue,
}: {
  model: ChartModel
  label: string
  nameOf: (key: string) => string
  /** Bucket labels; by default the UTC day. */
  formatTime?: (time: number) => string
  /** Axis and tooltip values; by default a count. */
  formatValue?: (value: number) => string
}) {
  const { i18n } = useTranslation()
  // The drawing is as wide as its box, so labels keep their size on a phone.
  const box = useRef<HTMLElement>(null)
  const [W, setW] = useState(720)
  useEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setW(Math.max(280, Math.round(entry.contentRect.width)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const top = model.ticks[model.ticks.length - 1] ?? 1
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const slot = innerW / Math.max(1, model.time.length)
  const bar = Math.max(1, slot * 0.7)
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH
  const dayFormat = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
  const day = { format: formatTime ?? ((time: number) => dayFormat.format(time)) }
  const value = formatValue ?? ((v: number) => formatCount(v, i18n.language))
  // A day label every 80 px or so, whatever the range.
  const every = Math.max(1, Math.ceil(model.time.length / Math.max(2, Math.floor(innerW / 80))))
  return (
    <figure ref={box} className="w-full">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={label}>
        {model.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-neutral-200"
              strokeWidth={1}
            />
            <text
              x={PAD.left - 6}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-neutral-500 text-[11px]"
            >
              {value(tick)}
            </text>
          </g>
        ))}
        {model.time.map((time, i) => {
          const x = PAD.left + i * slot + (slot - bar) / 2
          let base = 0
          return (
            <g key={time}>
              <title>{`${day.format(time)}: ${formatValue ? formatValue(model.totals[i] ?? 0) : (model.totals[i] ?? 0).toLocaleString(i18n.language)}`}</title>
              {model.series.map((series, s) => {
                const amount = series.values[i] ?? 0
                if (amount <= 0) return null
                const y0 = y(base)
                base += amount
                const y1 = y(base)
                return (
                  <rect
                    key={series.key}
                    x={x}
                    y={y1}
                    width={bar}
                    height={Math.max(0.5, y0 - y1)}
                    fill={SERIES_COLOURS[s % SERIES_COLOURS.length]}
                  />
                )
              })}
              {i % every === 0 && (
                <text x={x + bar / 2} y={H - 8} textAnchor="middle" className="fill-neutral-500 text-[11px]">
                  {day.format(time)}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <figcaption>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700">
          {model.series.map((series, s) => (
            <li key={series.key} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-sm"
                style={{ background: SERIES_COLOURS[s % SERIES_COLOURS.length] }}
              />
              {nameOf(series.key)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}
