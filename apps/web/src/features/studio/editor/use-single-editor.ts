import { useCallback, useEffect, useRef, useState } from 'react'

// Studio edits a project in one place at a time. The browser's Web Locks hold the project for
// the first tab that opens its editor; a second tab finds it held and says so, and may try
// again once the first is closed. A browser without Web Locks lets every tab edit (saves are
// still version-checked, so nothing is lost silently).

export type EditorHold = 'waiting' | 'held' | 'elsewhere'

export function useSingleEditor(projectId: string): { hold: EditorHold; retry: () => void } {
  const [hold, setHold] = useState<EditorHold>('waiting')
  const [attempt, setAttempt] = useState(0)
  const release = useRef<(() => void) | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the lock again.
  useEffect(() => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    if (!locks) {
      setHold('held')
      return
    }
    let active = true
    setHold('waiting')
    void locks.request(`timbre-studio-editor:${projectId}`, { ifAvailable: true }, async (lock) => {
      if (!active) return
      if (!lock) {
        setHold('elsewhere')
        return
      }
      setHold('held')
      await new Promise<void>((resolve) => {
        release.current = resolve
      })
    })
    return () => {
      active = false
      release.current?.()
      release.current = null
    }
  }, [projectId, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { hold, retry }
}
