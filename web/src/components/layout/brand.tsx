import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

export function Brand({ to = paths.home.getHref() }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <span className="brand-mark" aria-hidden="true">
        P
      </span>
      <span className="brand-name">Procure</span>
      <span className="visually-hidden"> home</span>
    </Link>
  );
}
