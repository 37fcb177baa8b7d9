import type { ReactNode } from 'react'

/** One titled block of the account settings page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl border border-neutral-200 p-5">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      {children}
    </section>
  )
}
