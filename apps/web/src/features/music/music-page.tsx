import { useQueryClient } from '@tanstack/react-query'
import type { CompositionPlan } from '@timbre/contract'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatCount } from '../../lib/format-count'
import { composeSong, createPlan } from './music-api'
import { MusicHistory } from './music-history'
import {
  blockerOf,
  costOf,
  DEFAULT_LENGTH_SECONDS,
  EXAMPLES,
  type ExampleKey,
  LENGTH_MAX_SECONDS,
  LENGTH_MIN_SECONDS,
} from './music-rules'
import { PlanEditor } from './plan-editor'
import { playSong } from './play-song'

const chip =
  'rounded-full border border-neutral-200 px-3 py-1 text-sm text-neutral-700 hover:border-neutral-400 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600'

/**
 * Music: a prompt and a length make a plan (or a song straight away); the plan is edited by
 * hand or by short instructions ("slower", "more drums", "add a bridge"); the song plays in
 * the persistent player and joins the list below.
 */
export function MusicPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const promptId = useId()
  const lengthId = useId()
  const editId = useId()
  const [prompt, setPrompt] = useState('')
  const [seconds, setSeconds] = useState(DEFAULT_LENGTH_SECONDS)
  const [instrumental, setInstrumental] = useState(false)
  const [plan, setPlan] = useState<CompositionPlan | null>(null)
  const [instruction, setInstruction] = useState('')
  const [pending, setPending] = useState<'plan' | 'song' | null>(null)
  const abortRef = useRef<AbortController | null>(null)
  const blocker = blockerOf({ prompt, seconds, plan })
  const cost = costOf({ plan, seconds })

  const makePlan = async (source: CompositionPlan | null, text: string) => {
    setPending('plan')
    try {
      setPlan(await createPlan(text, Math.round(seconds * 1000), source))
      if (source) setInstruction('')
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(null)
    }
  }

  const generate = async () => {
    if (blocker) return
    abortRef.current?.abort()
    const abort = new AbortController()
    abortRef.current = abort
    setPending('song')
    try {
      const body = plan
        ? { composition_plan: plan }
        : { prompt, music_length_ms: Math.round(seconds * 1000), force_instrumental: instrumental }
      const response = await composeSong(body, abort.signal)
      const blob = await response.blob()
      const title = prompt.trim() || plan?.positive_global_styles.join(', ') || t('music.title')
      playSong({
        title,
        label: t('music.playerLabel'),
        songId: response.headers.get('song-id'),
        src: URL.createObjectURL(blob),
        blob,
        ownsSrc: true,
      })
      void queryClient.invalidateQueries({ queryKey: ['subscription'] })
      void queryClient.invalidateQueries({ queryKey: ['music-songs'] })
    } catch (error) {
      if (!abort.signal.aborted) toast({ title: errorText(error), tone: 'error' })
    } finally {
      if (abortRef.current === abort) setPending(null)
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('music.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('music.subtitle')}</p>
      <div className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <label htmlFor={promptId} className="text-sm font-medium text-neutral-800">
          {t('music.promptLabel')}
        </label>
        <textarea
          id={promptId}
          value={prompt}
          maxLength={4100}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder={t('music.placeholder')}
          className="mt-1 block min-h-24 w-full resize-y rounded-lg border border-neutral-300 p-3 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-accent-600 focus:outline-none"
        />
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('music.examplesTitle')}>
          {(Object.keys(EXAMPLES) as ExampleKey[]).map((key) => (
            <li key={key}>
              <button type="button" className={chip} onClick={() => setPrompt(EXAMPLES[key])}>
                {t(`music.examples.${key}`)}
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={lengthId} className="block text-sm font-medium text-neutral-800">
              {t('music.length')}
            </label>
            <input
              id={lengthId}
              type="number"
              min={LENGTH_MIN_SECONDS}
              max={LENGTH_MAX_SECONDS}
              value={seconds}
              disabled={plan !== null}
              onChange={(e) => setSeconds(Number(e.target.value))}
              className="mt-1 w-28 rounded-lg border border-neutral-300 px-2.5 py-1.5 text-sm disabled:bg-neutral-100"
            />
          </div>
          <div className="flex items-center gap-2 pb-1.5">
            <Switch
              checked={instrumental}
              onChange={setInstrumental}
              label={t('music.instrumental')}
              disabled={plan !== null}
            />
            <span className="text-sm text-neutral-800">{t('music.instrumental')}</span>
          </div>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite">
              {t('music.cost', { cost: formatCount(cost, i18n.language) })}
            </p>
            {plan ? (
              <Button variant="ghost" onClick={() => setPlan(null)}>
                {t('music.discardPlan')}
              </Button>
            ) : (
              <Button
                variant="ghost"
                disabled={!prompt.trim()}
                loading={pending === 'plan'}
                onClick={() => void makePlan(null, prompt)}
              >
                {t('music.makePlan')}
              </Button>
            )}
            <Button
              onClick={() => void generate()}
              disabled={!!blocker || pending !== null}
              loading={pending === 'song'}
            >
              {t('music.generate')}
            </Button>
          </div>
        </div>
        {blocker && blocker !== 'prompt' && (
          <p className="mt-2 text-sm text-red-700">{t(`music.blockers.${blocker}`)}</p>
        )}
      </div>
      {plan && (
        <div className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
          <h2 className="text-lg font-semibold text-neutral-900">{t('music.plan.title')}</h2>
          <form
            className="mt-3 flex gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              if (instruction.trim()) void makePlan(plan, instruction)
            }}
          >
            <label htmlFor={editId} className="sr-only">
              {t('music.plan.instruction')}
            </label>
            <input
              id={editId}
              value={instruction}
              onChange={(e) => setInstruction(e.target.value)}
              placeholder={t('music.plan.instructionPlaceholder')}
              className="flex-1 rounded-lg border border-neutral-300 px-3 py-1.5 text-sm focus:border-accent-600 focus:outline-none"
            />
            <Button type="submit" variant="ghost" loading={pending === 'plan'} disabled={!instruction.trim()}>
              {t('music.plan.apply')}
            </Button>
          </form>
          <div className="mt-4">
            <PlanEditor plan={plan} onChange={setPlan} />
          </div>
        </div>
      )}
      <MusicHistory />
    </div>
  )
}
