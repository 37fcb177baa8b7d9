// Safety rules for voices the user comes across: a voice under a ban opens the "voice blocked"
// dialog, a voice that needs a captcha the "voice captcha" dialog, each the first time the
// voice is newly seen. The first load of voices never opens either: those voices were already
// there before this visit, and a dialog on arrival would greet the user with a warning for
// something they did not do.

export type SafetyControl = 'BAN' | 'CAPTCHA'
export type SafetyPrompt = { kind: 'blocked' | 'captcha'; voiceId: string; name: string }

type SafetyVoice = { voice_id: string; name: string; safety_control: string | null }

export function safetyOf(voice: Pick<SafetyVoice, 'safety_control'>): SafetyControl | null {
  const value = voice.safety_control?.toUpperCase()
  return value === 'BAN' || value === 'CAPTCHA' ? value : null
}

/**
 * Remembers the voices seen in this visit. `observe` takes every list of voices as it arrives
 * and answers the prompts to show: none for the first list, then one per voice that is new
 * and under a safety control. A voice already prompted for is never prompted for again.
 */
export function createSafetyWatcher() {
  let seen: Set<string> | null = null
  return {
    observe(voices: readonly SafetyVoice[]): SafetyPrompt[] {
      if (seen === null) {
        seen = new Set(voices.map((v) => v.voice_id))
        return []
      }
      const prompts: SafetyPrompt[] = []
      for (const voice of voices) {
        if (seen.has(voice.voice_id)) continue
        seen.add(voice.voice_id)
        const control = safetyOf(voice)
        if (control)
          prompts.push({
            kind: control === 'BAN' ? 'blocked' : 'captcha',
            voiceId: voice.voice_id,
            name: voice.name,
          })
      }
      return prompts
    },
    /** The first load has not happened yet. */
    get fresh(): boolean {
      return seen === null
    },
  }
}

export type SafetyWatcher = ReturnType<typeof createSafetyWatcher>

/** One watcher for the whole visit: the library and the voice picker see the same voices. */
export const sessionSafety = createSafetyWatcher()
