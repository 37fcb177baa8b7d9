import type { Migration } from 'kysely'
import * as accounts from './20261122000100-accounts.js'
import * as voicesHistoryUsage from './20261122000200-voices-history-usage.js'
import * as ledgerRequestHash from './20261122000300-ledger-request-hash.js'
import * as historyTextSearch from './20261122000400-history-text-search.js'
import * as sessionsFamily from './20261122001000-sessions-family.js'
import * as signInThrottle from './20261122001100-sign-in-throttle.js'
import * as ledgerLeases from './20261122003000-ledger-leases.js'
import * as concurrencyLeases from './20261122004100-concurrency-leases.js'
import * as billing from './20261122005000-billing.js'
import * as onboardingNotifications from './20261122006000-onboarding-notifications.js'
import * as billingProviders from './20261122007000-billing-providers.js'
import * as usageBilled from './20261122007100-usage-billed.js'
import * as workspaces from './20261122008000-workspaces.js'
import * as serviceAccounts from './20261122008100-service-accounts.js'
import * as pronunciationDictionaries from './20261122009000-pronunciation-dictionaries.js'
import * as audioIsolation from './20261122010000-audio-isolation.js'
import * as voiceAddEdits from './20261122014000-voice-add-edits.js'
import * as webhooks from './20261122015000-webhooks.js'
import * as billingIntents from './20261123020000-billing-intents.js'
import * as twoFactorSecurity from './20261123030000-two-factor-security.js'
import * as permissionRequests from './20261123030100-permission-requests.js'
import * as sso from './20261123040000-sso.js'
import * as authConnections from './20261123050000-auth-connections.js'
import * as analyticsAudit from './20261123060000-analytics-audit.js'
import * as generatedVoicePreviews from './20261123070000-generated-voice-previews.js'
import * as voiceLibrary from './20261123080000-voice-library.js'
import * as studio from './20261123090000-studio.js'
import * as resourceAccess from './20261124010000-resource-access.js'
import * as workspaceSecrets from './20261124010100-workspace-secrets.js'
import * as professionalVoiceClones from './20261124020000-professional-voice-clones.js'
import * as studioConversion from './20261124040000-studio-conversion.js'
import * as audioNative from './20261124050000-audio-native.js'
import * as voiceover from './20261124060000-voiceover.js'
import * as studioConversionHeartbeat from './20261125010000-studio-conversion-heartbeat.js'
import * as studioCallbacks from './20261125010100-studio-callbacks.js'
import * as studioExports from './20261125010200-studio-exports.js'
import * as studioPublishing from './20261125020000-studio-publishing.js'
import * as audioNativePublishSessions from './20261125030000-audio-native-publish-sessions.js'
import * as identityRules from './20261128010000-identity-rules.js'
import * as speechToText from './20261128020000-speech-to-text.js'
import * as heldRunTokens from './20261128030000-held-run-tokens.js'
import * as billingAnchor from './20261129010000-billing-anchor.js'
import * as music from './20261129100000-music.js'
import * as dubbing from './20261129110000-dubbing.js'
import * as agents from './20261129120000-agents.js'
import * as knowledgeBase from './20261129130000-knowledge-base.js'
import * as consent from './20261129140000-consent.js'
import * as referrals from './20261129140100-referrals.js'
import * as impactProgram from './20261129140200-impact-program.js'
import * as studioCast from './20261129150000-studio-cast.js'
import * as studioFreeRegenerations from './20261129150100-studio-free-regenerations.js'
import * as transcriptEditing from './20261129160000-transcript-editing.js'
import * as speechToTextJobs from './20261129170000-speech-to-text-jobs.js'
import * as agentTesting from './20261130110000-agent-testing.js'
import * as telephony from './20261130110100-telephony.js'
import * as convaiDashboard from './20261130110200-convai-dashboard.js'
import * as productions from './20261130120000-productions.js'
import * as studioTakes from './20261130140000-studio-takes.js'
import * as studioEditorLeases from './20261130140100-studio-editor-leases.js'
import * as studioSnapshotContent from './20261130140200-studio-snapshot-content.js'
import * as payoutTransfers from './20261130150000-payout-transfers.js'
import * as musicShare from './20261130150100-music-share.js'
import * as productionMachineTranscripts from './20261201100000-production-machine-transcripts.js'
import * as convaiPostCall from './20261201160000-convai-post-call.js'
import * as agentVersions from './20261202120000-agent-versions.js'
import * as checkoutPurchases from './20261202150000-checkout-purchases.js'
import * as productionTeams from './20261202150100-production-teams.js'
import * as batchRecipientConversation from './20261202160000-batch-recipient-conversation.js'

// Listed in code (not read from disk) so the same list works from sources and from dist/.
export const migrations: Record<string, Migration> = {
  '20261122000100-accounts': accounts,
  '20261122000200-voices-history-usage': voicesHistoryUsage,
  '20261122000300-ledger-request-hash': ledgerRequestHash,
  '20261122000400-history-text-search': historyTextSearch,
  '20261122001000-sessions-family': sessionsFamily,
  '20261122001100-sign-in-throttle': signInThrottle,
  '20261122003000-ledger-leases': ledgerLeases,
  '20261122004100-concurrency-leases': concurrencyLeases,
  '20261122005000-billing': billing,
  '20261122006000-onboarding-notifications': onboardingNotifications,
  '20261122007000-billing-providers': billingProviders,
  '20261122007100-usage-billed': usageBilled,
  '20261122008000-workspaces': workspaces,
  '20261122008100-service-accounts': serviceAccounts,
  '20261122009000-pronunciation-dictionaries': pronunciationDictionaries,
  '20261122010000-audio-isolation': audioIsolation,
  '20261122014000-voice-add-edits': voiceAddEdits,
  '20261122015000-webhooks': webhooks,
  '20261123020000-billing-intents': billingIntents,
  '20261123030000-two-factor-security': twoFactorSecurity,
  '20261123030100-permission-requests': permissionRequests,
  '20261123040000-sso': sso,
  '20261123050000-auth-connections': authConnections,
  '20261123060000-analytics-audit': analyticsAudit,
  '20261123070000-generated-voice-previews': generatedVoicePreviews,
  '20261123080000-voice-library': voiceLibrary,
  '20261123090000-studio': studio,
  '20261124010000-resource-access': resourceAccess,
  '20261124010100-workspace-secrets': workspaceSecrets,
  '20261124020000-professional-voice-clones': professionalVoiceClones,
  '20261124040000-studio-conversion': studioConversion,
  '20261124050000-audio-native': audioNative,
  '20261124060000-voiceover': voiceover,
  '20261125030000-audio-native-publish-sessions': audioNativePublishSessions,
  '20261125010000-studio-conversion-heartbeat': studioConversionHeartbeat,
  '20261125010100-studio-callbacks': studioCallbacks,
  '20261125010200-studio-exports': studioExports,
  '20261125020000-studio-publishing': studioPublishing,
  '20261128010000-identity-rules': identityRules,
  '20261128020000-speech-to-text': speechToText,
  '20261128030000-held-run-tokens': heldRunTokens,
  '20261129010000-billing-anchor': billingAnchor,
  '20261129170000-speech-to-text-jobs': speechToTextJobs,
  '20261130110000-agent-testing': agentTesting,
  '20261130110100-telephony': telephony,
  '20261130110200-convai-dashboard': convaiDashboard,
  '20261129160000-transcript-editing': transcriptEditing,
  '20261129130000-knowledge-base': knowledgeBase,
  '20261129100000-music': music,
  '20261129120000-agents': agents,
  '20261129110000-dubbing': dubbing,
  '20261129140000-consent': consent,
  '20261129140100-referrals': referrals,
  '20261129140200-impact-program': impactProgram,
  '20261130120000-productions': productions,
  '20261129150000-studio-cast': studioCast,
  '20261129150100-studio-free-regenerations': studioFreeRegenerations,
  '20261130140000-studio-takes': studioTakes,
  '20261130140100-studio-editor-leases': studioEditorLeases,
  '20261130140200-studio-snapshot-content': studioSnapshotContent,
  '20261130150000-payout-transfers': payoutTransfers,
  '20261130150100-music-share': musicShare,
  '20261201100000-production-machine-transcripts': productionMachineTranscripts,
  '20261201160000-convai-post-call': convaiPostCall,
  '20261202120000-agent-versions': agentVersions,
  '20261202160000-batch-recipient-conversation': batchRecipientConversation,
  '20261202150000-checkout-purchases': checkoutPurchases,
  '20261202150100-production-teams': productionTeams,
}
