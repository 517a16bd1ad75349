import { useMemo, useState } from "react";
import { Outlet, useSearchParams } from "react-router-dom";
import { errorMessage } from "@/lib/api-client";
import { normalizeStatus } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import { useRequests } from "../api/get-requests";
import { countByStatus, matchesSearch, sortNewestFirst, type StatusFilter } from "../lib/request-stats";
import { RequestKpis } from "./request-kpis";
import { StatusChips } from "./status-chips";
import { RequestsTable } from "./requests-table";
import { NewRequestDrawer } from "./new-request-drawer";
import "../requests.css";

export function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const vendorId = params.get("vendor");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [search, setSearch] = useState("");
  const [drawerOpen, setDrawerOpen] = useState(() => Boolean(vendorId));
  const requests = useRequests();
  const all = useMemo(() => sortNewestFirst(requests.data ?? []), [requests.data]);
  const searched = useMemo(() => all.filter((r) => matchesSearch(r, search)), [all, search]);
  const counts = countByStatus(searched);
  const visible = status === "all" ? searched : searched.filter((r) => normalizeStatus(r.status) === status);

  const setOpen = (open: boolean) => {
    setDrawerOpen(open);
    if (!open && vendorId) {
      const next = new URLSearchParams(params);
      next.delete("vendor");
      setParams(next, { replace: true });
    }
  };

  return (
    <div className="stack requests-page" style={{ gap: 18 }}>
      <RequestKpis requests={all} loading={requests.isPending} />
      <section className="card" aria-label="Requests">
        <div className="card-header toolbar">
          <StatusChips value={status} counts={counts} onChange={setStatus} />
          <div className="toolbar-end">
            <label className="search-input">
              <span className="visually-hidden">Search requests</span>
              <input className="input" type="search" placeholder="Search requests" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <button type="button" className="btn btn-primary toolbar-new" onClick={() => setOpen(true)}>
              New request
            </button>
          </div>
        </div>
        {requests.isError ? (
          <div className="card-body">
            <Notice tone="error" role="alert">
              {`Unable to load requests: ${errorMessage(requests.error)}`}{" "}
              <button type="button" className="btn btn-sm" onClick={() => void requests.refetch()}>
                Try again
              </button>
            </Notice>
          </div>
        ) : (
          <RequestsTable requests={visible} loading={requests.isPending} emptyMessage="No matching requests found." />
        )}
      </section>
      <button type="button" className="fab" aria-label="New request" title="New request" onClick={() => setOpen(true)}>
        +
      </button>
      <NewRequestDrawer
        open={drawerOpen}
        onOpenChange={setOpen}
        initialVendorId={vendorId}
        onCreated={() => setOpen(false)}
      />
      <Outlet />
    </div>
  );
}
