import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { playAudioBlob } from '../player/player-store'
import { conversationAudio, listConversations } from './agents-api'

/** The agent's conversations, newest first; a voice conversation's recording plays in the player. */
export function AgentConversations({ agentId, agentName }: { agentId: string; agentName: string }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const conversations = useQuery({
    queryKey: ['agent-conversations', agentId],
    queryFn: () => listConversations(agentId),
    refetchInterval: 5000,
  })
  const play = useMutation({
    mutationFn: async ({ id, startedAt }: { id: string; startedAt: number }) =>
      playAudioBlob(await conversationAudio(id), {
        type: 'transcript',
        title: t('agents.conversations.recordingTitle', { name: agentName }),
        outputFormat: 'wav',
        dateUnix: startedAt,
      }),
  })

  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5 lg:col-span-2">
      <h2 className="text-sm font-semibold text-neutral-900">{t('agents.conversations.title')}</h2>
      {conversations.isPending ? (
        <Spinner />
      ) : conversations.error ? (
        <Alert tone="error">{errorText(conversations.error)}</Alert>
      ) : conversations.data.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">{t('agents.conversations.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200">
          {conversations.data.map((c) => (
            <li key={c.conversation_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm text-neutral-800">
                <div>{formatDateTime(c.start_time_unix_secs, i18n.language)}</div>
                <div className="text-xs text-neutral-600">
                  {t('agents.conversations.summary', {
                    seconds: c.call_duration_secs,
                    count: c.message_count,
                  })}{' '}
                  ·{' '}
                  {t(`agents.conversations.outcome.${c.call_successful}`, {
                    defaultValue: c.call_successful,
                  })}
                </div>
              </div>
              <Button
                variant="secondary"
                disabled={c.status === 'in-progress'}
                loading={play.isPending && play.variables?.id === c.conversation_id}
                onClick={() => play.mutate({ id: c.conversation_id, startedAt: c.start_time_unix_secs })}
              >
                {t('agents.conversations.play')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {play.error && <Alert tone="error">{errorText(play.error)}</Alert>}
    </section>
  )
}
