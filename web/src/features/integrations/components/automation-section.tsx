import type { ReactNode } from "react";
import { FeedHealth } from "./feed-health";

export type AutomationSlots = {
  /** The endpoints screen, for roles that manage webhooks; the others are told who does. */
  webhooks: ReactNode;
  /** The audit export, for auditors. */
  auditExport: ReactNode;
};

export function AutomationSection({ webhooks, auditExport }: AutomationSlots) {
  return (
    <section className="card int-section" id="automation" aria-labelledby="automation-title" tabIndex={-1}>
      <div className="card-header">
        <div className="int-heading">
          <h2 id="automation-title" className="card-title">
            Automation
          </h2>
          <p className="subtle">Every change in the workspace is an event; the relay publishes it and open screens refresh from it.</p>
        </div>
      </div>
      <div className="card-body stack int-automation">
        <FeedHealth />
        {webhooks ?? (
          <p className="subtle" data-testid="webhook-endpoints">
            Webhook endpoints and their delivery logs are managed by admins. The event feed (GET /api/events) is open to finance and admins.
          </p>
        )}
        {auditExport}
      </div>
    </section>
  );
}
