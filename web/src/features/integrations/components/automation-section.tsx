import { EmptyState } from "@/components/ui/empty-state";
import { FeedHealth } from "./feed-health";

export function AutomationSection() {
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
        <section className="int-webhooks" aria-labelledby="webhooks-title" data-testid="webhook-endpoints">
          <h3 className="int-subtitle" id="webhooks-title">
            Webhook endpoints
          </h3>
          <EmptyState icon="⇢" title="No webhook endpoints are configured.">
            <p className="subtle">
              Webhooks are not available in this workspace yet. When they are, each endpoint and its delivery log will be listed here.
            </p>
          </EmptyState>
        </section>
      </div>
    </section>
  );
}
