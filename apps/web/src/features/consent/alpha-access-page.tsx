import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { getAlphaAccess, requestAlphaAccess } from './privacy-api'

/** Alpha features open to the addresses on the operator's list; anyone may ask to be added. */
export function AlphaAccessPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const access = useQuery({ queryKey: ['alpha-access'], queryFn: getAlphaAccess })
  const request = useMutation({
    mutationFn: requestAlphaAccess,
    onSuccess: (answer) => queryClient.setQueryData(['alpha-access'], answer),
  })
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
        {t('accountPrivacy.alpha.title')}
      </h1>
      <p className="text-sm text-neutral-600">{t('accountPrivacy.alpha.intro')}</p>
      {access.isPending && <Spinner className="size-5" />}
      {access.isError && <Alert tone="error">{errorText(access.error)}</Alert>}
      {access.data?.has_alpha_access && <Alert tone="success">{t('accountPrivacy.alpha.granted')}</Alert>}
      {access.data && !access.data.has_alpha_access && access.data.requested && (
        <Alert tone="info">{t('accountPrivacy.alpha.requested')}</Alert>
      )}
      {access.data && !access.data.has_alpha_access && !access.data.requested && (
        <Button onClick={() => request.mutate()} loading={request.isPending}>
          {t('accountPrivacy.alpha.request')}
        </Button>
      )}
      {request.isError && <Alert tone="error">{errorText(request.error)}</Alert>}
    </div>
  )
}
