import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "./notice";

/**
 * A card of workspace settings on the Settings screen: its title and what it governs, then its form once the
 * settings have loaded, or a loading line or the reason they could not load. `what` names the settings in those.
 */
export function SettingsCard({
  id,
  title,
  description,
  what,
  query,
  children,
}: {
  id: string;
  title: string;
  description: string;
  what: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <div className="set-heading">
          <h2 id={`${id}-title`} className="card-title">
            {title}
          </h2>
          <p className="subtle">{description}</p>
        </div>
      </div>
      <div className="card-body">
        {query.isPending ? (
          <p className="subtle" role="status">
            {`Loading ${what}…`}
          </p>
        ) : query.isError ? (
          <Notice tone="error" role="alert">{`Unable to load ${what}: ${errorMessage(query.error)}`}</Notice>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
