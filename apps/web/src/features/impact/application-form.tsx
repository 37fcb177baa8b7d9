import { useMutation, useQueryClient } from '@tanstack/react-query'
import { IMPACT_LIMITS } from '@timbre/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { applyToPartner } from './impact-api'

export const textareaClass =
  'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600'

/** The application to a partner, or the answer to its request for more. */
export function ApplicationForm({
  partnerId,
  initial,
  onDone,
}: {
  partnerId: string
  initial?: { organisation: string; statement: string }
  onDone: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [organisation, setOrganisation] = useState(initial?.organisation ?? '')
  const [statement, setStatement] = useState(initial?.statement ?? '')
  const apply = useMutation({
    mutationFn: () =>
      applyToPartner({
        partner_id: partnerId,
        organisation: organisation.trim(),
        statement: statement.trim(),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['impact'] })
      onDone()
    },
  })
  const short = statement.trim().length < IMPACT_LIMITS.statementMin
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    apply.mutate()
  }
  return (
    <form onSubmit={onSubmit} className="mt-3 space-y-3">
      <TextField
        label={t('impact.organisation')}
        value={organisation}
        maxLength={IMPACT_LIMITS.organisationMax}
        required
        onChange={(e) => setOrganisation(e.target.value)}
      />
      <div>
        <label
          htmlFor={`statement-${partnerId}`}
          className="mb-1.5 block text-sm font-medium text-neutral-800"
        >
          {t('impact.statement')}
        </label>
        <textarea
          id={`statement-${partnerId}`}
          className={textareaClass}
          rows={5}
          maxLength={IMPACT_LIMITS.statementMax}
          value={statement}
          onChange={(e) => setStatement(e.target.value)}
        />
        <p className="mt-1 text-xs text-neutral-500">
          {t('impact.statementHint', { min: IMPACT_LIMITS.statementMin, length: statement.trim().length })}
        </p>
      </div>
      {apply.isError && <Alert tone="error">{errorText(apply.error)}</Alert>}
      <Button type="submit" loading={apply.isPending} disabled={short || !organisation.trim()}>
        {initial ? t('impact.sendAnswer') : t('impact.send')}
      </Button>
    </form>
  )
}
