import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Modal } from '../../components/modal'
import { acceptBipaTerms, getConsent } from './consent-api'

/**
 * Before a voice is cloned: where a biometric privacy law applies (Illinois) and the terms are
 * not accepted, the BIPA terms dialog asks first. `ensure()` resolves true when cloning may go
 * ahead (accepted now or not needed), false when the user declined.
 */
export function useBipaGate(): { ensure: () => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const resolver = useRef<((ok: boolean) => void) | null>(null)
  const accept = useMutation({ mutationFn: acceptBipaTerms })
  const finish = (ok: boolean) => {
    setOpen(false)
    resolver.current?.(ok)
    resolver.current = null
  }
  const ensure = useCallback(async () => {
    const status = await getConsent().catch(() => null)
    if (!status?.bipa_terms_required) return true
    setOpen(true)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])
  const dialog = (
    <Modal open={open} dismissable={false} title={t('consent.bipa.title')} width="md">
      <div className="space-y-3 text-sm text-neutral-700">
        <p>{t('consent.bipa.body')}</p>
        <p>{t('consent.bipa.retention')}</p>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => finish(false)}>
          {t('consent.bipa.decline')}
        </Button>
        <Button
          loading={accept.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: () => finish(true) })}
        >
          {t('consent.bipa.accept')}
        </Button>
      </div>
    </Modal>
  )
  return { ensure, dialog }
}
