/** A two-or-more choice switch (radio group semantics), keyboard reachable. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string; hint?: string }[]
  onChange: (value: T) => void
}) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-xl bg-neutral-100 p-1">
      {options.map((option) => {
        const checked = option.value === value
        return (
          // biome-ignore lint/a11y/useSemanticElements: a styled segmented control; role radio keeps its meaning
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
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
