import type { KbIndexState } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from '../../components/badge'

const TONES: Record<KbIndexState, BadgeTone> = {
  ready: 'success',
  in_progress: 'accent',
  stale: 'warning',
  unavailable: 'warning',
  failed: 'danger',
}

/** What a document's retrieval index is worth now, as a badge. */
export function IndexState({ state }: { state: KbIndexState }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[state]}>{t(`knowledgeBase.indexStates.${state}`)}</Badge>
}
