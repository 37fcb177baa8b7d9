import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { PageSpinner } from '../../components/spinner'
import { routes } from '../../routes'
import { optOutOfUpdates } from '../auth/auth-api'

/** Success shows 'Opted out of updates'; failure shows 'An error occurred' (try again). */
export function OptOutView({ code }: { code: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // A query, not an effect: it runs once per code, also under React's strict double render.
  const result = useQuery({
    queryKey: ['action', 'optOutOfUpdates', code],
    queryFn: () => optOutOfUpdates(code).then(() => true),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (result.isPending) return <PageSpinner label={t('action.working')} />
  if (result.isError) {
    return (
      <Modal
        open
        dismissable={false}
        title={t('action.optOutError')}
        description={t('action.optOutErrorBody')}
      >
        <ModalActions>
          <Button variant="secondary" onClick={() => navigate(routes.home)}>
            {t('common.close')}
          </Button>
          <Button loading={result.isFetching} onClick={() => void result.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </ModalActions>
      </Modal>
    )
  }
  return (
    <Modal
      open
      dismissable={false}
      title={t('action.optOutSuccess')}
      description={t('action.optOutSuccessBody')}
    >
      <ModalActions>
        <Button onClick={() => navigate(routes.home)}>{t('common.continue')}</Button>
      </ModalActions>
    </Modal>
  )
}
