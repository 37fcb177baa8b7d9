import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { wipeOnSignOut } from '../../lib/storage'
import { routes } from '../../routes'
import { signOut } from '../auth/auth-api'

/** Sign-out wipes `xi:` storage and ends on the sign-in page. */
export function useSignOut() {
  const toast = useToast()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSettled: (_data, error) => {
      // A 401 means the session was already gone: that is signed out too.
      if (error && !(error instanceof ApiError && error.status === 401)) {
        toast({ title: errorText(error), tone: 'error' })
        return
      }
      wipeOnSignOut()
      queryClient.clear()
      navigate(routes.signIn, { replace: true })
    },
  })
}
