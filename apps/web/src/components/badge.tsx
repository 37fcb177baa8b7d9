import type { ReactNode } from 'react'

const TONES = {
  neutral: 'bg-neutral-100 text-neutral-700',
  accent: 'bg-accent-50 text-accent-700',
  warning: 'bg-amber-50 text-amber-800',
  danger: 'bg-red-50 text-red-700',
  success: 'bg-emerald-50 text-emerald-700',
} as const

export type BadgeTone = keyof typeof TONES

/** A short status word on a row (a role, "disabled", "used by 3"). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}
