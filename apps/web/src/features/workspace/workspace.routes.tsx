import { lazy } from 'react'
import { Navigate, Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const workspacePage = <K extends string>(name: K) =>
  lazy(() =>
    import('./workspace-pages').then((m) => ({
      default: m.WORKSPACE_PAGES[name as keyof typeof m.WORKSPACE_PAGES],
    })),
  )
/** The layout of Workspace Settings; the router puts every feature's sections inside it. */
export const WorkspaceSettingsLayout = workspacePage('layout')
const WorkspaceInvitePage = workspacePage('invite')
// Sections built here; the others are linked from the settings navigation by their paths.
const WORKSPACE_SECTION_PAGES = [
  ['members', workspacePage('members')],
  ['groups', workspacePage('groups')],
  ['secrets', workspacePage('secrets')],
  ['auth-connections', workspacePage('authConnections')],
  ['invites', workspacePage('invites')],
  ['service-accounts', workspacePage('serviceAccounts')],
  ['user-api-keys', workspacePage('userApiKeys')],
  ['webhooks', workspacePage('webhooks')],
] as const

export const workspaceRoutes: FeatureRoutes = {
  workspaceSettings: (
    <>
      <Route index element={<Navigate to={routes.workspaceMembers} replace />} />
      {WORKSPACE_SECTION_PAGES.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <Lazy>
              <Page />
            </Lazy>
          }
        />
      ))}
    </>
  ),
  workspace: (
    <>
      <Route
        path={routes.workspaceInvite}
        element={
          <Lazy>
            <WorkspaceInvitePage />
          </Lazy>
        }
      />
    </>
  ),
}
