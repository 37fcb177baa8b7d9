import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string
  hint?: ReactNode
  error?: string | null
  /** Adds a show/hide toggle (password fields). */
  revealable?: boolean
  labelAside?: ReactNode
}

export function TextField({
  label,
  hint,
  error,
  revealable = false,
  labelAside,
  type = 'text',
  className = '',
  ...rest
}: Props) {
  const { t } = useTranslation()
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={`h-10 w-full rounded-lg border bg-white px-3 text-sm text-neutral-900 shadow-xs outline-none transition-colors placeholder:text-neutral-400 focus:border-accent-500 focus:ring-3 focus:ring-accent-100 disabled:bg-neutral-50 ${
            error ? 'border-red-500' : 'border-neutral-300'
          } ${revealable ? 'pr-16' : ''}`}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-controls={id}
            aria-pressed={revealed}
            className="absolute inset-y-1 right-1 rounded-md px-2 text-xs font-medium text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {revealed ? t('common.hide') : t('common.show')}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
