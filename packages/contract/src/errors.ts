import { AGENT_TESTING_ERRORS } from './errors/agent-testing.js'
import { AGENT_VERSIONS_ERRORS } from './errors/agent-versions.js'
import { AGENTS_ERRORS } from './errors/agents.js'
import { ANALYTICS_ERRORS } from './errors/analytics.js'
import { AUDIO_ISOLATION_ERRORS } from './errors/audio-isolation.js'
import { AUDIO_NATIVE_ERRORS } from './errors/audio-native.js'
import { AUDIT_ERRORS } from './errors/audit.js'
import { AUTH_ERRORS } from './errors/auth.js'
import { BILLING_ERRORS } from './errors/billing.js'
import { CONSENT_ERRORS } from './errors/consent.js'
import { DUBBING_ERRORS } from './errors/dubbing.js'
import { GENERIC_ERRORS } from './errors/generic.js'
import { HISTORY_ERRORS } from './errors/history.js'
import { IMPACT_ERRORS } from './errors/impact.js'
import { KNOWLEDGE_BASE_ERRORS } from './errors/knowledge-base.js'
import { MAIL_ERRORS } from './errors/mail.js'
import { MFA_ERRORS } from './errors/mfa.js'
import { MUSIC_ERRORS } from './errors/music.js'
import { NOTIFICATIONS_ERRORS } from './errors/notifications.js'
import { ONBOARDING_ERRORS } from './errors/onboarding.js'
import { PODCASTS_ERRORS } from './errors/podcasts.js'
import { PRODUCTIONS_ERRORS } from './errors/productions.js'
import { PRONUNCIATION_DICTIONARIES_ERRORS } from './errors/pronunciation-dictionaries.js'
import { REFERRALS_ERRORS } from './errors/referrals.js'
import { SOUND_EFFECTS_ERRORS } from './errors/sound-effects.js'
import { SPEECH_ERRORS } from './errors/speech.js'
import { SPEECH_TO_SPEECH_ERRORS } from './errors/speech-to-speech.js'
import { SPEECH_TO_TEXT_ERRORS } from './errors/speech-to-text.js'
import { SSO_ERRORS } from './errors/sso.js'
import { STUDIO_ERRORS } from './errors/studio.js'
import { TELEPHONY_ERRORS } from './errors/telephony.js'
import { TRANSCRIPT_EDITING_ERRORS } from './errors/transcript-editing.js'
import { USAGE_ERRORS } from './errors/usage.js'
import { VOICE_DESIGN_ERRORS } from './errors/voice-design.js'
import { VOICE_PVC_ERRORS } from './errors/voice-pvc.js'
import { VOICES_ERRORS } from './errors/voices.js'
import { WEBHOOKS_ERRORS } from './errors/webhooks.js'
import { WORKSPACES_ERRORS } from './errors/workspaces.js'
import { VOICEOVER_ERRORS } from './voiceover.js'

// Stable error codes and the texts users see (the product's own wording where it has one).
// The HTTP status lives with the code so server and clients agree. Each domain keeps its codes
// in its own catalogue (errors/<domain>.ts); this is the one map the server and the web app read.

export interface ErrorDefinition {
  status: number
  message: string
}

export const ERRORS = {
  ...GENERIC_ERRORS,
  ...AUTH_ERRORS,
  ...SPEECH_ERRORS,
  ...MAIL_ERRORS,
  ...HISTORY_ERRORS,
  ...VOICES_ERRORS,
  ...STUDIO_ERRORS,
  ...VOICE_PVC_ERRORS,
  ...SOUND_EFFECTS_ERRORS,
  ...AUDIO_ISOLATION_ERRORS,
  ...VOICE_DESIGN_ERRORS,
  ...SPEECH_TO_SPEECH_ERRORS,
  ...SPEECH_TO_TEXT_ERRORS,
  ...TRANSCRIPT_EDITING_ERRORS,
  ...BILLING_ERRORS,
  ...PRONUNCIATION_DICTIONARIES_ERRORS,
  ...USAGE_ERRORS,
  ...ONBOARDING_ERRORS,
  ...NOTIFICATIONS_ERRORS,
  ...WORKSPACES_ERRORS,
  ...SSO_ERRORS,
  ...WEBHOOKS_ERRORS,
  ...ANALYTICS_ERRORS,
  ...AUDIT_ERRORS,
  ...MFA_ERRORS,
  ...VOICEOVER_ERRORS,
  ...AGENTS_ERRORS,
  ...AGENT_VERSIONS_ERRORS,
  ...AGENT_TESTING_ERRORS,
  ...TELEPHONY_ERRORS,
  ...AUDIO_NATIVE_ERRORS,
  ...PODCASTS_ERRORS,
  ...KNOWLEDGE_BASE_ERRORS,
  ...MUSIC_ERRORS,
  ...DUBBING_ERRORS,
  ...CONSENT_ERRORS,
  ...REFERRALS_ERRORS,
  ...IMPACT_ERRORS,
  ...PRODUCTIONS_ERRORS,
} as const satisfies Record<string, ErrorDefinition>

export type ErrorCode = keyof typeof ERRORS
