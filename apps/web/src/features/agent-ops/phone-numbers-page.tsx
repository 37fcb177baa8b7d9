import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { listAgents } from '../agents/agents-api'
import { createPhoneNumber, deletePhoneNumber, listPhoneNumbers } from './agent-ops-api'
import { OpsNav } from './ops-nav'

const EMPTY = {
  provider: 'twilio' as 'twilio' | 'sip_trunk',
  phone: '',
  label: '',
  sid: '',
  token: '',
  address: '',
  agentId: '',
}

/** The workspace's phone numbers: add a Twilio number or a SIP trunk's, give it an agent, remove it. */
export function PhoneNumbersPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const numbers = useQuery({ queryKey: ['phone-numbers'], queryFn: listPhoneNumbers })
  const agents = useQuery({ queryKey: ['agents'], queryFn: listAgents })
  const [form, setForm] = useState(EMPTY)
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }))
  const add = useMutation({
    mutationFn: () =>
      createPhoneNumber({
        provider: form.provider,
        phone_number: form.phone,
        label: form.label,
        agent_id: form.agentId || undefined,
        ...(form.provider === 'twilio'
          ? { sid: form.sid, token: form.token }
          : {
              outbound_trunk_config: { address: form.address, transport: 'tls', media_encryption: 'allowed' },
            }),
      }),
    onSuccess: async () => {
      setForm(EMPTY)
      await queryClient.invalidateQueries({ queryKey: ['phone-numbers'] })
    },
  })
  const remove = useMutation({
    mutationFn: deletePhoneNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['phone-numbers'] }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate()
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
        {t('agentOps.numbers.title')}
      </h1>
      <p className="mt-1 mb-4 text-sm text-neutral-600">{t('agentOps.numbers.subtitle')}</p>
      <OpsNav />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <form
          onSubmit={submit}
          className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs"
        >
          <h2 className="text-sm font-semibold text-neutral-900">{t('agentOps.numbers.add')}</h2>
          <LabelledSelect
            label={t('agentOps.numbers.provider')}
            value={form.provider}
            onChange={(provider) => set({ provider })}
            options={[
              { value: 'twilio', label: 'Twilio' },
              { value: 'sip_trunk', label: t('agentOps.numbers.sipTrunk') },
            ]}
          />
          <TextField
            label={t('agentOps.numbers.number')}
            hint={t('agentOps.numbers.numberHint')}
            value={form.phone}
            onChange={(e) => set({ phone: e.target.value })}
            required
          />
          <TextField
            label={t('agentOps.numbers.label')}
            value={form.label}
            onChange={(e) => set({ label: e.target.value })}
            required
          />
          {form.provider === 'twilio' ? (
            <>
              <TextField
                label={t('agentOps.numbers.sid')}
                value={form.sid}
                onChange={(e) => set({ sid: e.target.value })}
              />
              <TextField
                label={t('agentOps.numbers.token')}
                type="password"
                revealable
                value={form.token}
                onChange={(e) => set({ token: e.target.value })}
              />
            </>
          ) : (
            <TextField
              label={t('agentOps.numbers.address')}
              value={form.address}
              onChange={(e) => set({ address: e.target.value })}
            />
          )}
          <LabelledSelect
            label={t('agentOps.agent')}
            value={form.agentId}
            onChange={(agentId) => set({ agentId })}
            options={[
              { value: '', label: t('agentOps.noAgent') },
              ...(agents.data ?? []).map((a) => ({ value: a.agent_id, label: a.name })),
            ]}
          />
          {add.error && <Alert tone="error">{errorText(add.error)}</Alert>}
          <div>
            <Button type="submit" disabled={add.isPending}>
              {t('agentOps.numbers.add')}
            </Button>
          </div>
        </form>
        <section>
          {numbers.isPending && <Spinner />}
          {numbers.error && <Alert tone="error">{errorText(numbers.error)}</Alert>}
          {numbers.data?.length === 0 && (
            <p className="text-sm text-neutral-600">{t('agentOps.numbers.empty')}</p>
          )}
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
            {numbers.data?.map((n) => (
              <li key={n.phone_number_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="text-sm font-medium text-neutral-900 tabular-nums">{n.phone_number}</p>
                  <p className="text-xs text-neutral-600">
                    {n.label}
                    {n.assigned_agent ? ` · ${n.assigned_agent.agent_name}` : ''}
                  </p>
                </div>
                <span className="flex items-center gap-2">
                  <Badge>{n.provider === 'twilio' ? 'Twilio' : t('agentOps.numbers.sipTrunk')}</Badge>
                  <Button variant="ghost" onClick={() => remove.mutate(n.phone_number_id)}>
                    {t('agentOps.delete')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
