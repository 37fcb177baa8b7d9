import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { isServerPath } from './redirect-allow-list'

// Auth screens fade out over 0.3 s.
export const AUTH_FADE_MS = 300

type Exit = { leaving: boolean; leave: (to: string, options?: { replace?: boolean }) => void }
const ExitContext = createContext<Exit>({ leaving: false, leave: () => {} })

export function useAuthExit(): Exit {
  return useContext(ExitContext)
}

/** Fades the auth screen out, then navigates (a full load for server paths like /v1/dubs/x). */
export function AuthExitProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // Remember which screen is fading: a new screen is never faded, whatever the timer did.
  const [leavingFrom, setLeavingFrom] = useState<string | null>(null)
  const leaving = leavingFrom === pathname
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const leave = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      setLeavingFrom(pathname)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        if (isServerPath(to)) return window.location.assign(to)
        navigate(to, { replace: options?.replace })
        setLeavingFrom(null)
      }, AUTH_FADE_MS)
    },
    [navigate, pathname],
  )
  return <ExitContext.Provider value={{ leaving, leave }}>{children}</ExitContext.Provider>
}

/** A link between auth screens that waits for the fade. Modified clicks open tabs as usual. */
export function AuthLink({
  to,
  className,
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  const { leave } = useAuthExit()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    event.preventDefault()
    leave(to)
  }
  return (
    <Link
      to={to}
      onClick={onClick}
      className={className ?? 'font-medium text-accent-700 hover:text-accent-900 hover:underline'}
    >
      {children}
    </Link>
  )
}
