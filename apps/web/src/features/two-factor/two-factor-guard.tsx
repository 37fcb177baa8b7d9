import { useQuery } from '@tanstack/react-query'
import { Navigate, useLocation } from 'react-router'
import { routes } from '../../routes'
import { getTwoFactorStatus, twoFactorKey } from './two-factor-api'

/**
 * A workspace that requires two-factor sign-in lets a member without it do nothing else: every
 * page leads to the setup until it is done (the server refuses the other calls meanwhile).
 */
export function TwoFactorGuard() {
  const location = useLocation()
  const status = useQuery({ queryKey: twoFactorKey, queryFn: getTwoFactorStatus, staleTime: 30_000 })
  if (!status.data?.setup_required || location.pathname === routes.twoFactor) return null
  return <Navigate to={routes.twoFactor} replace />
}
