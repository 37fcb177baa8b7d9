import { useMyWorkspaces } from '../workspace/workspace-queries'

/** The workspace the user works in: productions are ordered and followed there. */
export function useWorkspaceId(): string | null {
  const workspaces = useMyWorkspaces()
  return workspaces.data?.find((w) => w.is_current)?.workspace_id ?? null
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
