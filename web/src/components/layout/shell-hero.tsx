import { Link, useMatches } from "react-router-dom";
import { canSee, type Role } from "@procure/contracts";
import { isRouteHandle, type RouteHandle } from "./route-handle";

export function ShellHero({ role }: { role: Role }) {
  const matches = useMatches();
  const trail = matches
    .map((match) => ({ pathname: match.pathname, handle: isRouteHandle(match.handle) ? (match.handle as RouteHandle) : null }))
    .filter((entry): entry is { pathname: string; handle: RouteHandle } => entry.handle?.crumb !== undefined);
  const current = [...trail].reverse().find((entry) => entry.handle.title)?.handle;
  if (!current) return null;
  const quickLinks = (current.quickLinks ?? []).filter((link) => !link.section || canSee(role, link.section));

  return (
    <section className="shell-hero" aria-labelledby="page-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          {trail.map((entry, index) => (
            <li key={`${entry.pathname}-${index}`}>
              {index === trail.length - 1 ? <span aria-current="page">{entry.handle.crumb}</span> : <Link to={entry.pathname}>{entry.handle.crumb}</Link>}
            </li>
          ))}
        </ol>
      </nav>
      <div className="shell-hero-row">
        <div className="shell-hero-text">
          <h1 id="page-title">{current.title}</h1>
          {current.description ? <p className="muted">{current.description}</p> : null}
        </div>
        {quickLinks.length > 0 ? (
          <nav className="shell-quick-links" aria-label="Quick links">
            {quickLinks.map((link) => (
              <Link key={link.href} to={link.href} className="btn btn-sm">
                {link.label}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
    </section>
  );
}
