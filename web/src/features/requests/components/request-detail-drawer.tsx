import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { Drawer } from "@/components/ui/drawer";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import * as Tabs from "@radix-ui/react-tabs";
import { useRequest } from "../api/get-request";
import { useFiles } from "../api/get-files";
import { useComments } from "../api/get-comments";
import { RequestOverview } from "./request-overview";
import { RequestFiles } from "./request-files";
import { RequestComments } from "./request-comments";
import { RequestTimeline } from "./request-timeline";

type Tab = "overview" | "files" | "comments" | "timeline";

function countLabel(label: string, count: number | undefined) {
  return (
    <>
      {label}
      {count ? <span className="tab-count">{count}</span> : null}
    </>
  );
}

/** `closeTo` is where closing lands when there is no history to go back to: the screen the drawer opened over. */
export function RequestDetailDrawer({ closeTo = paths.app.requests.getHref() }: { closeTo?: string }) {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>("overview");
  const request = useRequest(id);
  const files = useFiles(id);
  const comments = useComments(id);

  const close = () => {
    // Closing goes back in history; a deep link with nothing behind it falls back to the list.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(closeTo, { replace: true });
  };

  // A malformed id is refused by the route's schema (400); to the reader it is a request that does not exist.
  const notFound = request.error instanceof ApiError && [400, 403, 404].includes(request.error.status);
  const title = request.data?.title ?? (request.isPending ? "Loading request…" : "Request");

  return (
    <Drawer
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      description={request.data ? `Request ${request.data.id.slice(0, 8)}` : undefined}
    >
      {request.isPending ? (
        <div className="stack" aria-busy="true">
          <span className="skeleton" style={{ width: "40%", height: 28 }} />
          <span className="skeleton" style={{ width: "90%" }} />
          <span className="skeleton" style={{ width: "70%" }} />
        </div>
      ) : notFound ? (
        <EmptyState title="Request not found.">
          <span className="subtle">It may have been removed, or you may not have access to it.</span>
        </EmptyState>
      ) : request.isError ? (
        <Notice tone="error" role="alert">{`Unable to load this request: ${errorMessage(request.error)}`}</Notice>
      ) : (
        <div className="stack" style={{ gap: 18 }}>
          {/* Radix's tabs: arrow keys, Home and End move between them, each panel is labelled by its tab. */}
          <Tabs.Root className="stack" style={{ gap: 18 }} value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <Tabs.List className="tabs" aria-label="Request sections">
              <Tabs.Trigger className="tab" value="overview">
                Overview
              </Tabs.Trigger>
              <Tabs.Trigger className="tab" value="files">
                {countLabel("Files", files.data?.length)}
              </Tabs.Trigger>
              <Tabs.Trigger className="tab" value="comments">
                {countLabel("Comments", comments.data?.length)}
              </Tabs.Trigger>
              <Tabs.Trigger className="tab" value="timeline">
                Timeline
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content className="tab-panel" value="overview">
              <RequestOverview request={request.data} />
            </Tabs.Content>
            <Tabs.Content className="tab-panel" value="files">
              <RequestFiles requestId={id} />
            </Tabs.Content>
            <Tabs.Content className="tab-panel" value="comments">
              <RequestComments requestId={id} />
            </Tabs.Content>
            <Tabs.Content className="tab-panel" value="timeline">
              <RequestTimeline requestId={id} />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      )}
    </Drawer>
  );
}
