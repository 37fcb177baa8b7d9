import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { DialogueRequest, TtsRequest, Voice } from '../../lib/api-types'
import { type NewItem, player } from '../player/player-store'
import { streamSource } from '../player/stream-source'
import { streamDialogue, streamSpeech } from './tts-api'

type Job =
  | { kind: 'speech'; voice: Voice; body: TtsRequest; outputFormat: string }
  | { kind: 'dialogue'; body: DialogueRequest; outputFormat: string; title: string; voiceName: string }

const TITLE_MAX = 80

/**
 * Runs a generation and plays it in the persistent player while it arrives. The answer's
 * `history-item-id` names the history item the player then looks up; `character-cost` is what
 * it cost. 5xx and network failures show the generic text, other errors their own message.
 */
export function useGenerate() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const abortRef = useRef<AbortController | null>(null)

  const run = useCallback(
    async (job: Job) => {
      abortRef.current?.abort()
      const abort = new AbortController()
      abortRef.current = abort
      setPending(true)
      try {
        const response =
          job.kind === 'speech'
            ? await streamSpeech(job.voice.voice_id, job.body, job.outputFormat, abort.signal)
            : await streamDialogue(job.body, job.outputFormat, abort.signal)
        const historyItemId = response.headers.get('history-item-id')
        const text = job.kind === 'speech' ? job.body.text : job.title
        const base: Omit<NewItem, 'src'> = {
          type: job.kind === 'speech' ? 'textToSpeech' : 'dialogue',
          historyItemId,
          title: text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX)}…` : text,
          text,
          voiceId: job.kind === 'speech' ? job.voice.voice_id : null,
          voiceName: job.kind === 'speech' ? job.voice.name : job.voiceName,
          voiceDescription: job.kind === 'speech' ? (job.voice.description ?? null) : null,
          voiceCategory: job.kind === 'speech' ? job.voice.category : null,
          modelId: job.body.model_id ?? null,
          settings: null,
          dateUnix: Math.floor(Date.now() / 1000),
          autoStart: true,
          outputFormat: job.outputFormat,
        }
        const source = streamSource(response)
        if (source.streaming) {
          const key = player.load({ ...base, src: source.url, streaming: true, ownsSrc: true })
          const blob = await source.complete
          player.update(key, { blob, streaming: false })
        } else {
          const blob = await source.complete
          player.load({ ...base, src: URL.createObjectURL(blob), blob, ownsSrc: true })
        }
        void queryClient.invalidateQueries({ queryKey: ['subscription'] })
        void queryClient.invalidateQueries({ queryKey: ['user'] })
      } catch (error) {
        if (abort.signal.aborted) return
        toast({ title: errorText(error), tone: 'error' })
      } finally {
        if (abortRef.current === abort) setPending(false)
      }
    },
    [queryClient, toast, errorText],
  )

  const stop = useCallback(() => {
    abortRef.current?.abort()
    setPending(false)
    toast({ title: t('tts.stopped'), tone: 'info' })
  }, [toast, t])

  return { run, stop, pending }
}
