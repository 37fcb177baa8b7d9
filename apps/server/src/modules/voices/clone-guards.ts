import type { Principal } from '../../plugins/auth.js'

/**
 * Checks other domains add before a voice is cloned or its recordings analysed (the biometric
 * consent some places require). A guard refuses by throwing; all must pass.
 */
export interface CloneGuards {
  add(guard: (caller: Principal) => Promise<void>): void
  check(caller: Principal): Promise<void>
}

export function createCloneGuards(): CloneGuards {
  const guards: Array<(caller: Principal) => Promise<void>> = []
  return {
    add: (guard) => void guards.push(guard),
    async check(caller) {
      for (const guard of guards) await guard(caller)
    },
  }
}
