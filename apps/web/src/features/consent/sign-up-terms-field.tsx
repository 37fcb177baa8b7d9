import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CheckboxField } from '../../components/checkbox-field'
import { getSignUpTerms } from './consent-api'

/** The terms this visitor's location asks for at sign-up (implicit until known). */
export function useSignUpTerms() {
  const query = useQuery({
    queryKey: ['consent', 'sign-up-terms'],
    queryFn: getSignUpTerms,
    staleTime: Infinity,
  })
  return query.data?.terms_policy ?? 'implicit'
}

/**
 * The terms checkbox, shown where the location asks for explicit consent (strict: its text names
 * the biometric notice too). Unticked after a submit attempt, it shows the required error.
 */
export function SignUpTermsField({
  policy,
  checked,
  onChange,
  showError,
}: {
  policy: 'strict' | 'checkbox' | 'implicit'
  checked: boolean
  onChange: (checked: boolean) => void
  showError: boolean
}) {
  const { t } = useTranslation()
  if (policy === 'implicit') return null
  return (
    <div>
      <CheckboxField checked={checked} onChange={onChange}>
        {policy === 'strict' ? t('consent.signUp.termsStrict') : t('consent.signUp.terms')}
      </CheckboxField>
      {showError && !checked ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {t('consent.signUp.termsRequired')}
        </p>
      ) : null}
    </div>
  )
}
