import { useTranslation } from 'react-i18next'
import { NavLink, Outlet } from 'react-router'
import { Icon } from '../../components/icon'
import { SETTINGS_SECTIONS, sectionPath } from './settings-sections'

const linkClass = (isActive: boolean) =>
  `flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
    isActive
      ? 'bg-neutral-100 font-medium text-neutral-900'
      : 'text-neutral-600 hover:bg-neutral-50 hover:text-neutral-900'
  }`

/** Workspace Settings: the sections beside (or, on a phone, above) the open section. */
export function WorkspaceSettingsLayout() {
  const { t } = useTranslation()
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
        {t('workspace.settingsTitle')}
      </h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row">
        <nav aria-label={t('workspace.settingsNav')} className="md:w-52 md:shrink-0">
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
            {SETTINGS_SECTIONS.map((section) => (
              <li key={section.key}>
                <NavLink to={sectionPath(section.key)} className={({ isActive }) => linkClass(isActive)}>
                  <Icon name={section.icon} className="size-4 shrink-0" />
                  {t(`workspace.sections.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0 flex-1">
          <Outlet />
        </section>
      </div>
    </div>
  )
}
