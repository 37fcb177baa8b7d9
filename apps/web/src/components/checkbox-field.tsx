import { type ReactNode, useId } from 'react'

type Props = {
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
  disabled?: boolean
}

export function CheckboxField({ checked, onChange, children, disabled }: Props) {
  const id = useId()
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-neutral-300 accent-accent-600"
      />
      <label htmlFor={id} className="text-sm text-neutral-700">
        {children}
      </label>
    </div>
  )
}
