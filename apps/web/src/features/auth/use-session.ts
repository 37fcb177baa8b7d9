import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import type { PublicConfig, User } from '../../lib/api-types'
import { getConfig, getUser } from './auth-api'
import { rememberInactivitySignOut } from './inactivity-sign-out'

export const userQueryKey = ['user'] as const

/** GET /v1/user, with 401 read as 'signed out'. */
export async function userOrNull(): Promise<User | null> {
  try {
    return await getUser()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (error.code === 'session_inactive') rememberInactivitySignOut()
      return null
    }
    throw error
  }
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'error'; user: null; retry: () => void }
  | { status: 'signedIn'; user: User }

/** The signed-in user from the session cookie; a 401 means signed out, not an error. */
export function useSession(): Session {
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: userOrNull,
    staleTime: 30_000,
    retry: (count, error) => error instanceof ApiError && error.isGeneric && count < 2,
  })
  if (query.isPending) return { status: 'loading', user: null }
  if (query.isError) return { status: 'error', user: null, retry: () => void query.refetch() }
  return query.data ? { status: 'signedIn', user: query.data } : { status: 'signedOut', user: null }
}

/** The server's public configuration; null while loading or when unreachable. */
export function useConfig(): PublicConfig | null {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: getConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
  return query.data ?? null
}

/** The local mailbox exists only when the server has no SMTP, so mail can still be read. */
export function useLocalMailboxEnabled(): boolean {
  return useConfig()?.smtp_configured === false
}
