export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <svg
      className={`animate-spin motion-reduce:animate-none ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-neutral-400">
      <Spinner className="size-6" label={label} />
    </div>
  )
}
