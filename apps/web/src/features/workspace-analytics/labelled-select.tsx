const fieldClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20'

/** A native select with its visible label above it (right for phones and screen readers). */
export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  name,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  name: string
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-neutral-600">
      {label}
      <select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={fieldClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}
