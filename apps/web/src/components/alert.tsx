import type { ReactNode } from 'react'

type Tone = 'error' | 'info' | 'success' | 'warning'

const TONES: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-neutral-200 bg-neutral-50 text-neutral-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
}

/** An inline message; errors are announced to screen readers at once. */
export function Alert({
  tone = 'info',
  children,
  className = '',
}: {
  tone?: Tone
  children: ReactNode
  className?: string
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3.5 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      {children}
    </div>
  )
}
