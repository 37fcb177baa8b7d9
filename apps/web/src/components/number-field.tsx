import { type InputHTMLAttributes, useId } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: string }

/** A labelled number input. The wheel never changes it: the field lets go of focus instead. */
export function NumberField({ label, className = '', onWheel, ...rest }: Props) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        onWheel={(event) => {
          event.currentTarget.blur()
          onWheel?.(event)
        }}
        className="h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs outline-none focus:border-accent-500 focus:ring-3 focus:ring-accent-100"
        {...rest}
      />
    </div>
  )
}
