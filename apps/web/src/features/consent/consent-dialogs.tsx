import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Modal } from '../../components/modal'
import { acceptTerms, getConsent, setCcpaOptOut } from './consent-api'

/** The Updated Terms dialog: shown after the operator publishes new terms, until Accept. */
export function UpdatedTermsDialog() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: ['consent'], queryFn: getConsent, staleTime: 60_000 })
  const accept = useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['consent'] }),
  })
  const update = status.data?.terms_update
  if (!update) return null
  return (
    <Modal open dismissable={false} title={t('consent.updatedTerms.title')}>
      <p className="text-sm text-neutral-700">
        {t('consent.updatedTerms.body', { version: update.version })}
      </p>
      <div className="mt-6 flex justify-end">
        <Button loading={accept.isPending} onClick={() => accept.mutate(update.version)}>
          {t('consent.updatedTerms.accept')}
        </Button>
      </div>
    </Modal>
  )
}

/** The CCPA opt-out: a link that opens the confirmation, where the law applies. */
export function CcpaOptOutLink() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const status = useQuery({ queryKey: ['consent'], queryFn: getConsent, staleTime: 60_000 })
  const optOut = useMutation({
    mutationFn: () => setCcpaOptOut(true),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['consent'] })
      setOpen(false)
    },
  })
  if (!status.data?.ccpa_applies) return null
  if (status.data.ccpa_opt_out)
    return <p className="text-xs text-neutral-500">{t('consent.ccpa.optedOut')}</p>
  return (
    <>
      <button type="button" className="text-xs text-neutral-500 underline" onClick={() => setOpen(true)}>
        {t('consent.ccpa.link')}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('consent.ccpa.title')}>
        <p className="text-sm text-neutral-700">{t('consent.ccpa.body')}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('consent.ccpa.cancel')}
          </Button>
          <Button loading={optOut.isPending} onClick={() => optOut.mutate()}>
            {t('consent.ccpa.optOut')}
          </Button>
        </div>
      </Modal>
    </>
  )
}
