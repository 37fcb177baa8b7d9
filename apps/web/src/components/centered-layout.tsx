import type { ReactNode } from 'react'
import { LocalePicker } from './locale-picker'
import { Logo } from './logo'

/** A plain page frame: logo, locale picker and a centred column (action handler, mailbox, ...). */
export function CenteredLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8 sm:py-6">
        <Logo to="/" />
        <LocalePicker />
      </header>
      <main className={`mx-auto w-full flex-1 px-4 pb-12 ${wide ? 'max-w-3xl' : 'max-w-md sm:pt-12'}`}>
        {children}
      </main>
    </div>
  )
}

/** A centred card with a title, a text and actions (errors, notices, empty states). */
export function MessageCard({
  title,
  body,
  children,
}: {
  title: string
  body?: ReactNode
  children?: ReactNode
}) {
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-xs sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h1>
      {body && <p className="mt-2 text-sm leading-relaxed text-neutral-600">{body}</p>}
      {children && <div className="mt-6 flex flex-col gap-2 sm:flex-row">{children}</div>}
    </section>
  )
}
