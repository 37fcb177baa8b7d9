import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { listDocuments, setKnowledge } from './agents-api'

type Attached = { type: string; id: string; name: string }

/** The knowledge tab: which of the workspace's documents the agent answers from. */
export function AgentKnowledge({ agentId, attached }: { agentId: string; attached: Attached[] }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const documents = useQuery({ queryKey: ['agent-documents'], queryFn: listDocuments })
  // The choice shows at once; the saved agent follows.
  const [chosen, setChosen] = useState(attached)
  const save = useMutation({
    mutationFn: (next: Attached[]) => setKnowledge(agentId, next),
    onMutate: (next) => setChosen(next),
    onError: () => setChosen(attached),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents', agentId] }),
  })
  const ids = new Set(chosen.map((d) => d.id))

  if (documents.isPending) return <Spinner />
  if (documents.error) return <Alert tone="error">{errorText(documents.error)}</Alert>
  return (
    <div className="space-y-3">
      <h2 className="text-sm font-semibold text-neutral-900">{t('agents.knowledge.title')}</h2>
      {documents.data.length === 0 ? (
        <p className="text-sm text-neutral-600">
          {t('agents.knowledge.empty')}{' '}
          <Link className="underline" to={routes.knowledgeBase}>
            {t('agents.knowledge.add')}
          </Link>
        </p>
      ) : (
        <ul className="space-y-2">
          {documents.data.map((document) => (
            <li key={document.id}>
              <label className="flex items-center gap-2 text-sm text-neutral-800">
                <input
                  type="checkbox"
                  checked={ids.has(document.id)}
                  disabled={save.isPending}
                  onChange={(event) =>
                    save.mutate(
                      event.target.checked
                        ? [...chosen, { type: document.type, id: document.id, name: document.name }]
                        : chosen.filter((d) => d.id !== document.id),
                    )
                  }
                />
                <span className="min-w-0 break-words">{document.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {save.error && <Alert tone="error">{errorText(save.error)}</Alert>}
    </div>
  )
}
