import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'

/**
 * Where a signed-in user types a promo code by hand (a link's `coupon` parameter fills the same
 * place). The code is only kept here: validating it and saying when it fails is the promo
 * dialogs' work, as for a code that came in a link.
 */
export function PromoCodeForm({ onApply }: { onApply: (code: string) => void }) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed) return
    onApply(trimmed)
    setCode('')
  }
  return (
    <form
      onSubmit={submit}
      className="mx-auto mt-6 flex max-w-sm items-end gap-2"
      data-testid="promo-code-form"
    >
      <TextField
        label={t('billing.promo.field')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={!code.trim()}>
        {t('billing.promo.apply')}
      </Button>
    </form>
  )
}
