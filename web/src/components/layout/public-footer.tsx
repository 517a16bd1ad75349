import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

export function PublicFooter() {
  return (
    <footer className="public-footer">
      <div className="public-footer-inner">
        <span>© {new Date().getFullYear()} Procure · Purchasing workspace</span>
        <nav className="row" aria-label="Footer">
          <Link to={paths.checklist.getHref()}>Intake checklist</Link>
          <Link to={paths.home.getHref("work-orders")}>Work orders</Link>
          <Link to={paths.auth.login.getHref()}>Sign in</Link>
        </nav>
      </div>
    </footer>
  );
}
