import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import type { User } from '../../lib/api-types'
import { readKey, storageKeys, writeKey } from '../../lib/storage'
import { pathTo } from '../../routes'
import { postLoginTarget } from './post-login-redirect'

/** Where a user goes after signing in. Pure read: safe to call while rendering. */
export function usePostLoginTarget(): (user: Pick<User, 'is_onboarding_completed'>) => string {
  const [params] = useSearchParams()
  const redirectParam = params.get('redirect')
  const inviteCode = params.get('invite_code')
  return useCallback(
    (user) =>
      // A mailed invite link opens sign-in with its code: the invite page comes first.
      inviteCode
        ? pathTo('workspaceInvite', { code: inviteCode })
        : postLoginTarget({
            origin: window.location.origin,
            redirectParam,
            storedRedirect: readKey(storageKeys.redirectTarget),
            productPreference: readKey(storageKeys.productPreference),
            user,
          }).path,
    [redirectParam, inviteCode],
  )
}

/** A stored target is used once: the sign-in that reads it clears it. */
export function clearStoredRedirect(): void {
  writeKey(storageKeys.redirectTarget, null)
}
