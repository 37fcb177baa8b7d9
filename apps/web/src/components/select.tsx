import { type ReactNode, type SelectHTMLAttributes, useId } from 'react'

export type SelectOption<T extends string = string> = { value: T; label: string; disabled?: boolean }

/** The look of a form field select, matching the text fields; pages with a denser row pass their own. */
export const selectClass =
  'block h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs outline-none focus:border-accent-500 focus:ring-3 focus:ring-accent-100 disabled:bg-neutral-50'

/** The plainer look the workspace settings dialogs use: no shadow, no focus ring. */
export const plainSelectClass =
  'h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900'

type NativeProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'defaultValue' | 'onChange' | 'children'
>

export type SelectProps<T extends string> = NativeProps & {
  /** Controlled value; leave it out (with `defaultValue`) for a select the page reads only on change. */
  value?: T
  defaultValue?: T
  onChange: (value: T) => void
  options: readonly SelectOption<T>[]
}

/**
 * A native select: phones show their own picker and screen readers know it. The options are data,
 * so every choice the page offers is one the change handler can be typed for.
 */
export function Select<T extends string>({
  options,
  onChange,
  className = selectClass,
  ...rest
}: SelectProps<T>) {
  return (
    <select {...rest} className={className} onChange={(event) => onChange(event.target.value as T)}>
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

/**
 * The filter row look: a small label close above a lighter select. The type classes sit on the
 * wrapper, as the select inherits its weight from there (the text fields' selects are not bold).
 */
const FILTER = {
  className: 'flex min-w-0 flex-col gap-1 text-xs font-medium text-neutral-600',
  labelClassName: '',
  selectClassName:
    'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20',
}

type LabelledProps<T extends string> = Omit<SelectProps<T>, 'id'> & {
  label: string
  hint?: ReactNode
  /** `filter` for the small selects above a chart or a list; the default matches the form fields. */
  look?: 'field' | 'filter'
  /** Class of the wrapper. */
  className?: string
  /** Classes of the label; pass '' when the wrapper carries the type (and the select inherits it). */
  labelClassName?: string
  selectClassName?: string
  hintClassName?: string
}

/** A select with its visible label above it (tied by id, so a click on the label focuses it) and an optional hint. */
export function LabelledSelect<T extends string>({
  label,
  hint,
  look = 'field',
  className = look === 'filter' ? FILTER.className : undefined,
  labelClassName = look === 'filter'
    ? FILTER.labelClassName
    : 'mb-1.5 block text-sm font-medium text-neutral-800',
  selectClassName = look === 'filter' ? FILTER.selectClassName : selectClass,
  hintClassName = 'mt-1.5 text-xs text-neutral-500',
  ...rest
}: LabelledProps<T>) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const describedBy = [rest['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <Select {...rest} id={id} aria-describedby={describedBy} className={selectClassName} />
      {hint && (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      )}
    </div>
  )
}
