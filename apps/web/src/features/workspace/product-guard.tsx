import type { GroupPermission } from '@timbre/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useWorkspaceAccess } from './workspace-queries'

/** Nav entries that are products a workspace group can take away. */
export const NAV_PERMISSIONS: Partial<Record<string, GroupPermission>> = {
  speechSynthesis: 'text_to_speech',
  soundEffects: 'sound_effects',
  voiceIsolator: 'voice_isolator',
  voiceChanger: 'speech_to_speech',
  studio: 'projects',
  podcasts: 'projects',
  voiceover: 'voiceover_studio',
  dubs: 'dubbing',
  audioNative: 'audio_native',
}

/** Whether a nav entry is usable in the current workspace (true while not yet known). */
export function useNavAllowed(): (key: string) => boolean {
  const access = useWorkspaceAccess()
  return (key) => {
    const needed = NAV_PERMISSIONS[key]
    if (!needed || !access.data) return true
    return access.data.permissions.includes(needed)
  }
}

/** A product page a member's groups do not grant says so instead of failing on every call. */
export function ProductGuard({ permission, children }: { permission: GroupPermission; children: ReactNode }) {
  const { t } = useTranslation()
  const access = useWorkspaceAccess()
  if (access.data && !access.data.permissions.includes(permission)) {
    return (
      <div
        className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center"
        data-testid="product-refused"
      >
        <p className="font-medium text-neutral-900">{t('workspace.productRefused')}</p>
        <p className="mt-1 text-sm text-neutral-600">{t(`workspace.permissions.${permission}`)}</p>
      </div>
    )
  }
  return <>{children}</>
}
