import { STUDIO_EDITOR_LEASE_SECONDS } from '@timbre/contract'
import { binary } from '../../../lib/api'
import { ApiError } from '../../../lib/api-error'

// The server's one-editor lease of a project: taken when the editor opens, renewed while it is
// open, given up when it closes. Another browser holding it answers 409 studio_editor_in_use.

/** The editor renews its lease this often, well inside the time the lease lasts. */
export const LEASE_RENEW_MS = (STUDIO_EDITOR_LEASE_SECONDS * 1000) / 3

const leaseUrl = (projectId: string) => `/v1/studio/projects/${encodeURIComponent(projectId)}/editor-lease`

/** Takes or renews the lease: false while another editor holds it. */
export async function takeLease(projectId: string, holder: string): Promise<boolean> {
  try {
    await binary(leaseUrl(projectId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ holder }),
    })
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false
    throw error
  }
}

/** Gives the lease up; sent with keepalive so it still goes out while the page unloads. */
export function releaseLease(projectId: string, holder: string): void {
  void fetch(`${leaseUrl(projectId)}/release`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ holder }),
  }).catch(() => undefined)
}
