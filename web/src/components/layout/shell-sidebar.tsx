import { NavLink } from "react-router-dom";
import type { Role } from "@procure/contracts";
import { paths } from "@/config/paths";
import { navGroupsFor } from "./shell-nav";

export function ShellSidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  return (
    <nav className="sidebar-nav" aria-label="Workspace">
      {navGroupsFor(role).map((group) => (
        <div key={group.label} className="sidebar-group">
          <p className="sidebar-group-label">{group.label}</p>
          <ul>
            {group.items.map((entry) => (
              <li key={entry.section}>
                <NavLink
                  to={entry.href}
                  end={entry.href === paths.app.root.getHref()}
                  className={({ isActive }) => `sidebar-link${isActive ? " is-active" : ""}`}
                  onClick={onNavigate}
                >
                  <span className="sidebar-icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="sidebar-group">
        <p className="sidebar-group-label">Resources</p>
        <ul>
          <li>
            <NavLink to={paths.app.intakeChecklist.getHref()} className={({ isActive }) => `sidebar-link${isActive ? " is-active" : ""}`} onClick={onNavigate}>
              <span className="sidebar-icon" aria-hidden="true">
                ☑
              </span>
              Intake checklist
            </NavLink>
          </li>
        </ul>
      </div>
    </nav>
  );
}
