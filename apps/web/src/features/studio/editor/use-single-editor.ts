import { useCallback, useEffect, useRef, useState } from 'react'
import { LEASE_RENEW_MS, releaseLease, takeLease } from './editor-lease'

// Studio edits a project in one place at a time. In one browser, Web Locks hold the project for
// the first tab that opens its editor; across browsers, the server's lease does, renewed while
// the editor is open. Whoever finds it held is told so, and keeps asking: when the first editor
// closes (it gives the lease up) or goes away (its lease runs out), the next one takes over. A
// browser without Web Locks relies on the server's lease alone.

export type EditorHold = 'waiting' | 'held' | 'elsewhere'

/** How often an editor refused the lease asks again. */
const RETRY_MS = 5_000

/** A random id for this editor; getRandomValues also works on plain-HTTP addresses. */
function newHolder(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

export function useSingleEditor(projectId: string): { hold: EditorHold; retry: () => void } {
  const [hold, setHold] = useState<EditorHold>('waiting')
  const [attempt, setAttempt] = useState(0)
  const holder = useRef(newHolder())

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the locks again.
  useEffect(() => {
    let active = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let releaseTabLock: (() => void) | null = null
    const me = holder.current

    // Held in this tab: keep the server's lease, or wait for it while another browser holds it.
    const keepLease = async () => {
      if (!active) return
      let ours = true
      try {
        ours = await takeLease(projectId, me)
      } catch {
        // Not reachable: the editor stays open and its autosave says it is not connected.
      }
      if (!active) return
      setHold(ours ? 'held' : 'elsewhere')
      timer = setTimeout(keepLease, ours ? LEASE_RENEW_MS : RETRY_MS)
    }
    const giveUp = () => releaseLease(projectId, me)
    window.addEventListener('pagehide', giveUp)

    setHold('waiting')
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    const name = `timbre-studio-editor:${projectId}`
    const aborted = new AbortController()
    const holdTab = async () => {
      await keepLease()
      await new Promise<void>((resolve) => {
        releaseTabLock = resolve
      })
    }
    if (!locks) void keepLease()
    else {
      void locks.request(name, { ifAvailable: true }, async (lock) => {
        if (!active) return
        if (lock) return holdTab()
        // Another tab holds it: say so, and queue for it (granted when that tab closes).
        setHold('elsewhere')
        void locks
          .request(name, { signal: aborted.signal }, async () => {
            if (active) await holdTab()
          })
          .catch(() => undefined)
      })
    }
    return () => {
      active = false
      aborted.abort()
      clearTimeout(timer)
      window.removeEventListener('pagehide', giveUp)
      giveUp()
      releaseTabLock?.()
      releaseTabLock = null
    }
  }, [projectId, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { hold, retry }
}
