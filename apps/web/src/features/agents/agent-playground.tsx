import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import { conversationUrl } from './agents-api'
import { VoiceCall } from './voice-call'

interface Line {
  role: 'user' | 'agent' | 'tool' | 'error'
  text: string
}

/**
 * Talk to the agent in text, or by voice with the microphone, over the same socket the official
 * clients use: each message the agent sends (and what it heard the user say) is shown as it
 * arrives, with the tools it calls; in a voice call the agent's speech plays as it comes.
 */
export function AgentPlayground({ agentId }: { agentId: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const socket = useRef<WebSocket | null>(null)
  const voice = useRef<VoiceCall | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const add = (line: Line) => setLines((all) => [...all, line])

  useEffect(
    () => () => {
      socket.current?.close()
      voice.current?.stop()
    },
    [],
  )

  async function start(withVoice: boolean) {
    setLines([])
    try {
      const ws = new WebSocket(await conversationUrl(agentId))
      socket.current = ws
      ws.onopen = () => {
        setOpen(true)
        ws.send(
          JSON.stringify({
            type: 'conversation_initiation_client_data',
            dynamic_variables: {},
            // A text conversation with a voice agent: no speech either way.
            ...(withVoice ? {} : { conversation_config_override: { conversation: { text_only: true } } }),
          }),
        )
        if (withVoice) {
          const call = new VoiceCall()
          voice.current = call
          call
            .start((chunk) => {
              if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ user_audio_chunk: chunk }))
            })
            .catch(() => add({ role: 'error', text: t('agents.playground.microphoneDenied') }))
        }
      }
      ws.onclose = () => {
        setOpen(false)
        voice.current?.stop()
        voice.current = null
      }
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as Record<string, Record<string, unknown> | string>
        const body = (key: string) => (message[key] ?? {}) as Record<string, unknown>
        if (message.type === 'audio') voice.current?.play(String(body('audio_event').audio_base_64))
        else if (message.type === 'interruption') voice.current?.interrupt()
        else if (message.type === 'user_transcript')
          add({ role: 'user', text: String(body('user_transcription_event').user_transcript) })
        else if (message.type === 'agent_response')
          add({ role: 'agent', text: String(body('agent_response_event').agent_response) })
        else if (message.type === 'agent_tool_response')
          add({ role: 'tool', text: String(body('agent_tool_response').tool_name) })
        else if (message.type === 'client_tool_call') {
          const call = body('client_tool_call')
          add({ role: 'tool', text: String(call.tool_name) })
          ws.send(
            JSON.stringify({
              type: 'client_tool_result',
              tool_call_id: call.tool_call_id,
              result: 'ok',
              is_error: false,
            }),
          )
        } else if (message.type === 'error') add({ role: 'error', text: String(body('error_event').message) })
        else if (message.type === 'ping')
          ws.send(JSON.stringify({ type: 'pong', event_id: body('ping_event').event_id }))
      }
    } catch (error) {
      add({ role: 'error', text: errorText(error) })
    }
  }

  function sendMessage() {
    const message = text.trim()
    if (!message || !socket.current) return
    // The server echoes the message as the user's transcript, which adds the line.
    socket.current.send(JSON.stringify({ type: 'user_message', text: message }))
    setText('')
  }

  return (
    <section
      className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="playground"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-neutral-900">{t('agents.playground.title')}</h2>
        {open ? (
          <Button variant="secondary" onClick={() => socket.current?.close()}>
            {t('agents.playground.end')}
          </Button>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void start(false)}>
              {t('agents.playground.start')}
            </Button>
            <Button onClick={() => void start(true)}>{t('agents.playground.startVoice')}</Button>
          </div>
        )}
      </div>
      <ol className="mt-3 space-y-2" aria-live="polite">
        {lines.map((line, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are only ever appended
            key={index}
            className={`rounded-lg px-3 py-2 text-sm ${line.role === 'user' ? 'bg-neutral-100' : line.role === 'error' ? 'bg-red-50 text-red-800' : 'bg-white'}`}
          >
            <span className="mr-2 text-xs font-medium text-neutral-500">
              {t(`agents.playground.roles.${line.role}`)}
            </span>
            {line.text}
          </li>
        ))}
      </ol>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          sendMessage()
        }}
      >
        <input
          aria-label={t('agents.playground.message')}
          className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2 text-sm"
          value={text}
          disabled={!open}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('agents.playground.placeholder')}
        />
        <Button type="submit" disabled={!open || !text.trim()}>
          {t('agents.playground.send')}
        </Button>
      </form>
    </section>
  )
}
