import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const PodcastPage = lazy(() => import('./podcast-page').then((m) => ({ default: m.PodcastPage })))
const StudioPage = lazy(() => import('./studio-page').then((m) => ({ default: m.StudioPage })))
const ProjectEditorPage = lazy(() =>
  import('./project-editor-page').then((m) => ({ default: m.ProjectEditorPage })),
)

export const studioRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.studio}
        element={
          <Lazy>
            <StudioPage />
          </Lazy>
        }
      />
      <Route
        path={routes.studioPodcast}
        element={
          <Lazy>
            <PodcastPage />
          </Lazy>
        }
      />
      <Route
        path={routes.studioProject}
        element={
          <Lazy>
            <ProjectEditorPage />
          </Lazy>
        }
      />
    </>
  ),
}
