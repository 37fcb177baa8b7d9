import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { PageSpinner } from '../../components/spinner'
import { isServerPath } from './redirect-allow-list'

/** Navigates to `to`: in the app through the router, server paths (/v1/...) with a full load. */
export function GoTo({ to }: { to: string }) {
  const server = isServerPath(to)
  useEffect(() => {
    if (server) window.location.replace(to)
  }, [server, to])
  return server ? <PageSpinner label="…" /> : <Navigate to={to} replace />
}
