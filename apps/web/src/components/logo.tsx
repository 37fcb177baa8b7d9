import { Link } from 'react-router'

/** The Timbre mark (four level bars) and word mark. */
export function Logo({ to, className = '' }: { to?: string; className?: string }) {
  const mark = (
    <span className={`inline-flex items-center gap-2 text-neutral-900 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-accent-600" />
        <g fill="#fff">
          <rect x="7" y="13" width="3" height="6" rx="1.5" />
          <rect x="12" y="9" width="3" height="14" rx="1.5" />
          <rect x="17" y="6" width="3" height="20" rx="1.5" />
          <rect x="22" y="11" width="3" height="10" rx="1.5" />
        </g>
      </svg>
      <span className="font-semibold tracking-tight text-lg">Timbre</span>
    </span>
  )
  return to ? (
    <Link to={to} className="rounded-md focus-visible:outline-2 focus-visible:outline-accent-600">
      {mark}
    </Link>
  ) : (
    mark
  )
}
