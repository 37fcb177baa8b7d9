import { type KeyboardEvent, useRef } from 'react'

export type SegmentedOption<T extends string> = { value: T; label: string; hint?: string }

const NEXT_KEYS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/**
 * A two-or-more choice switch with radio group semantics: one tab stop (the chosen segment), the
 * arrow keys move the choice and wrap around, Home and End jump to the ends.
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly SegmentedOption<T>[]
  onChange: (value: T) => void
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const chosen = options.findIndex((option) => option.value === value)
  // With no segment chosen the first takes the tab stop, so the group stays reachable.
  const tabStop = chosen === -1 ? 0 : chosen

  const choose = (index: number) => {
    const option = options[index]
    if (!option) return
    buttons.current[index]?.focus()
    if (option.value !== value) onChange(option.value)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const step = NEXT_KEYS[event.key]
    const n = options.length
    let target: number | null = null
    if (step) target = (((tabStop + step) % n) + n) % n
    else if (event.key === 'Home') target = 0
    else if (event.key === 'End') target = n - 1
    if (target === null) return
    event.preventDefault()
    choose(target)
  }

  return (
    <div
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="inline-flex rounded-xl bg-neutral-100 p-1"
    >
      {options.map((option, index) => {
        const checked = option.value === value
        return (
          // biome-ignore lint/a11y/useSemanticElements: a styled segmented control; role radio keeps its meaning
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={index === tabStop ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={`inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
              checked ? 'bg-white text-neutral-900 shadow-xs' : 'text-neutral-600 hover:text-neutral-900'
            }`}
          >
            {option.label}
            {option.hint && (
              <span className="rounded-full bg-accent-50 px-1.5 py-0.5 text-[11px] text-accent-700">
                {option.hint}
              </span>
            )}
          </button>
        )
      })}
    </div>
  )
}
