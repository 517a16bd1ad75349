import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { Brand } from "./brand";

/** Header for the public pages; `nav` holds the page's own anchors. */
export function PublicHeader({ nav }: { nav?: ReactNode }) {
  return (
    <header className="public-header">
      <div className="public-header-inner">
        <Brand />
        {nav ? (
          <nav className="public-nav" aria-label="Page sections">
            {nav}
          </nav>
        ) : (
          <span className="spacer" />
        )}
        <div className="public-header-actions">
          <ThemeToggle />
          <Link className="btn btn-ghost" to={paths.auth.login.getHref()}>
            Sign in
          </Link>
          <Link className="btn btn-primary" to={paths.auth.signup.getHref()}>
            Create account
          </Link>
        </div>
      </div>
    </header>
  );
}
