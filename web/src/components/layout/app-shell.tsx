import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { Link, Outlet } from "react-router-dom";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { Drawer } from "@/components/ui/drawer";
import { Brand } from "./brand";
import { ShellHero } from "./shell-hero";
import { ShellSidebarNav } from "./shell-sidebar";
import { UserMenu } from "./user-menu";
import "@/styles/shell.css";

const MobileNav = lazy(() => import("./mobile-nav"));

const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * The workspace frame. The inbox and the user's notification settings come in as slots so this shared layout never
 * imports a feature.
 */
export function AppShell({ inbox, notifications }: { inbox: ReactNode; notifications: ReactNode }) {
  const { user, role, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // Mounted from the first open on, so closing keeps the dialog's own exit and focus return.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const account = user ? (
    <div className="shell-account">
      <UserMenu
        email={user.email}
        items={[
          {
            label: "Notifications",
            onSelect: () => {
              setMenuOpen(false);
              setNotificationsOpen(true);
            },
          },
        ]}
      />
      <span className="badge badge-plain shell-role">{roleLabel(role)}</span>
      <button type="button" className="btn btn-sm" onClick={signOut}>
        Sign out
      </button>
    </div>
  ) : (
    <div className="shell-account">
      <Link className="btn btn-sm btn-ghost" to={paths.auth.login.getHref()}>
        Sign in
      </Link>
      <Link className="btn btn-sm btn-primary" to={paths.auth.signup.getHref()}>
        Create account
      </Link>
    </div>
  );

  return (
    <div className="shell">
      <a className="skip-link" href="#workspace-main">
        Skip to content
      </a>
      <header className="shell-topnav">
        <button
          ref={menuButton}
          type="button"
          className="icon-btn shell-menu-button"
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        {menuLoaded ? (
          <Suspense fallback={null}>
            <MobileNav open={menuOpen} onOpenChange={setMenuOpen} role={role} account={account} opener={menuButton} />
          </Suspense>
        ) : null}
        <Brand to={paths.app.root.getHref()} />
        <nav className="shell-topnav-links" aria-label="Site">
          <Link to={paths.app.root.getHref()}>Workspace</Link>
          <Link to={paths.checklist.getHref()}>Intake checklist</Link>
          <Link to={paths.home.getHref()}>Product tour</Link>
        </nav>
        <span className="spacer" />
        <div className="shell-topnav-actions">
          {inbox}
          <ThemeToggle />
          <div className="shell-desktop-account">{account}</div>
        </div>
      </header>
      <div className="shell-body">
        <aside className="shell-sidebar">
          <div className="shell-sidebar-inner">
            <ShellSidebarNav role={role} />
          </div>
        </aside>
        <div className="shell-content">
          <main id="workspace-main" className="shell-main" tabIndex={-1}>
            <ShellHero role={role} />
            <Outlet />
          </main>
          <footer className="shell-footer">
            <span>© {new Date().getFullYear()} Procure workspace</span>
            <nav className="row" aria-label="Footer">
              <Link to={paths.app.intakeChecklist.getHref()}>Intake checklist</Link>
              <Link to={paths.home.getHref("access")}>Access & security</Link>
              <Link to={paths.home.getHref("work-orders")}>Submit a work order</Link>
            </nav>
          </footer>
        </div>
      </div>
      {user ? (
        <Drawer
          open={notificationsOpen}
          onOpenChange={setNotificationsOpen}
          title="Notifications"
          description="When something waits for you, or your request moves on."
        >
          {notifications}
        </Drawer>
      ) : null}
    </div>
  );
}
