import { SSO_ERROR_QUERY } from '@timbre/contract'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { useSsoErrorText } from './use-sso-error-text'

/** Why a single sign-on ended back on the sign-in page (the server's `sso_error` code). */
export function SsoErrorNotice() {
  const [params] = useSearchParams()
  const text = useSsoErrorText()
  const code = params.get(SSO_ERROR_QUERY)
  if (!code) return null
  return (
    <Alert tone="error" className="mb-4">
      {text(code)}
    </Alert>
  )
}
