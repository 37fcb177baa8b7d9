import type { ReactNode } from 'react'

/** Title and explanation at the top of a workspace settings page. */
export function SettingsHeader({
  title,
  subtitle,
  aside,
}: {
  title: string
  subtitle: string
  aside?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{title}</h1>
        <p className="mt-1 text-sm text-neutral-600">{subtitle}</p>
      </div>
      {aside}
    </div>
  )
}

/** A label and a value that can be selected and copied (URLs, record names). */
export function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-neutral-500">{label}</dt>
      <dd className="mt-0.5 break-all rounded-md bg-neutral-100 px-2 py-1 font-mono text-xs text-neutral-900 select-all">
        {value}
      </dd>
    </div>
  )
}
