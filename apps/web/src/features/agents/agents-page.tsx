import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { routes } from '../../routes'
import { OpsNav } from '../agent-ops/ops-nav'
import { TEMPLATE_ORDER, templateConfig } from './agent-templates'
import { createAgent, listAgents } from './agents-api'

export const agentPath = (agentId: string) => routes.agent.replace(':agentId', encodeURIComponent(agentId))

/** The workspace's agents and the templates a new one starts from. */
export function AgentsPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const agents = useQuery({ queryKey: ['agents'], queryFn: listAgents })
  const create = useMutation({
    mutationFn: (template: (typeof TEMPLATE_ORDER)[number]) => createAgent(templateConfig(template, t)),
    onSuccess: async ({ agent_id }) => {
      await queryClient.invalidateQueries({ queryKey: ['agents'] })
      navigate(agentPath(agent_id))
    },
  })

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('agents.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-neutral-600">{t('agents.subtitle')}</p>
      <OpsNav />

      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <h2 className="text-sm font-semibold text-neutral-900">{t('agents.newAgent')}</h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {TEMPLATE_ORDER.map((template) => (
            <button
              key={template}
              type="button"
              disabled={create.isPending}
              onClick={() => create.mutate(template)}
              className="rounded-xl border border-neutral-200 p-3 text-left hover:border-neutral-400 disabled:opacity-50"
            >
              <span className="block text-sm font-medium text-neutral-900">
                {t(`agents.templates.${template}.name`)}
              </span>
              <span className="mt-1 block text-xs text-neutral-600">
                {t(`agents.templates.${template}.description`)}
              </span>
            </button>
          ))}
        </div>
        {create.error && (
          <div className="mt-3">
            <Alert tone="error">{errorText(create.error)}</Alert>
          </div>
        )}
      </section>

      <section className="mt-6">
        {agents.isPending && <Spinner />}
        {agents.error && <Alert tone="error">{errorText(agents.error)}</Alert>}
        {agents.data?.length === 0 && <p className="text-sm text-neutral-600">{t('agents.empty')}</p>}
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
          {agents.data?.map((agent) => (
            <li key={agent.agent_id} className="flex items-center justify-between gap-3 p-3">
              <Link
                to={agentPath(agent.agent_id)}
                className="text-sm font-medium text-neutral-900 hover:underline"
              >
                {agent.name}
              </Link>
              <span className="text-xs text-neutral-600 tabular-nums">
                {formatDateTime(agent.created_at_unix_secs, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
