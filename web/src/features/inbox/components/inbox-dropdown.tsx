import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { formatTime } from "@/lib/format";
import { isNeededSoon, type InboxItem, type Role } from "@procure/contracts";
import { useInbox } from "../api/get-inbox";
import { useInboxItems } from "../api/get-inbox-items";
import { useMarkSeen } from "../api/mark-seen";
import { inboxErrorMessage } from "../lib/inbox-error";
import { badgeExplanation, inboxRows, itemHref, kindTitle, vendorRows, type InboxRow } from "../lib/inbox-rows";
import "../inbox.css";

export function InboxDropdown() {
  const { status, role } = useSession();
  const signedIn = status === "authenticated";
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const inbox = useInbox(signedIn);
  const items = useInboxItems(signedIn && open);
  const markSeen = useMarkSeen();
  const data = signedIn ? inbox.data : undefined;
  const badge = data?.badge ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer, { passive: true });
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const rows = inboxRows(role, data);
  const vendors = vendorRows(role, data);

  const refreshing = inbox.isFetching;
  const subtitle = data?.updatedAt && formatTime(data.updatedAt) ? `Updated ${formatTime(data.updatedAt)}` : "Stay on top of requests and orders.";
  const changed = (items.data ?? []).filter((item) => item.kind === "changed").map((item) => item.subject_id);
  const follow = (item?: InboxItem) => {
    if (item?.kind === "changed") markSeen.mutate([item.subject_id]);
    setOpen(false);
  };

  return (
    <div
      className="inbox"
      ref={rootRef}
      // Tabbing out of the panel closes it, as a click outside does (a click inside leaves no focus target).
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn inbox-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={badgeExplanation(data)}
        title={badge > 0 ? badgeExplanation(data) : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M22 12h-6l-2 3h-4l-2-3H2" />
          <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
        </svg>
        {badge > 0 ? (
          <span className="inbox-badge" data-testid="inbox-badge">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="inbox-panel" role="dialog" aria-label="Workspace inbox">
          <div className="inbox-panel-head">
            <div style={{ minWidth: 0 }}>
              <p className="inbox-title">Workspace inbox</p>
              {signedIn ? <p className="subtle">{subtitle}</p> : null}
            </div>
            {signedIn ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  void inbox.refetch();
                  void items.refetch();
                }}
                disabled={refreshing}
              >
                {refreshing ? "Refreshing" : "Refresh"}
              </button>
            ) : null}
          </div>
          {signedIn ? (
            <>
              {inbox.isError ? (
                <p className="inbox-error" role="alert">
                  {inboxErrorMessage(inbox.error)}
                </p>
              ) : null}
              <p className="inbox-badge-note">The badge counts only what waits for you.</p>
              {!inbox.isPending && rows.length === 0 ? (
                <p className="inbox-empty" data-testid="inbox-empty">
                  Nothing waits for you.
                </p>
              ) : (
                <ul className="inbox-rows">
                  {rows.map((row) => (
                    <li key={row.key}>
                      <InboxRowView row={row} loading={inbox.isPending} onFollow={() => follow()} />
                    </li>
                  ))}
                </ul>
              )}
              {vendors.length > 0 ? (
                <section className="inbox-vendors" aria-labelledby={`${panelId}-vendors`} data-testid="inbox-vendors">
                  <p className="inbox-section-title" id={`${panelId}-vendors`}>
                    Vendors needing attention
                  </p>
                  <ul className="inbox-rows">
                    {vendors.map((row) => (
                      <li key={row.key}>
                        <InboxRowView row={row} loading={false} onFollow={() => follow()} />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {items.data && items.data.length > 0 ? <ItemList items={items.data} role={role} onFollow={follow} /> : null}
              {changed.length > 0 ? (
                <button type="button" className="btn btn-sm inbox-seen" onClick={() => markSeen.mutate(changed)} disabled={markSeen.isPending}>
                  Mark changes as seen
                </button>
              ) : null}
              <p className="inbox-footer subtle">Numbers update whenever you create requests or manage purchase orders.</p>
            </>
          ) : (
            <div className="inbox-signed-out">
              <p>Sign in to see requests, approvals, and purchase order updates.</p>
              <Link className="btn btn-primary btn-sm" to={paths.auth.login.getHref(location.pathname + location.search)} onClick={() => setOpen(false)}>
                Go to sign in
              </Link>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ItemList({ items, role, onFollow }: { items: InboxItem[]; role: Role; onFollow: (item: InboxItem) => void }) {
  return (
    <ul className="inbox-items" aria-label="Items, needed soon first">
      {items.slice(0, 8).map((item) => {
        const href = itemHref(role, item);
        const text = (
          <>
            <span className="inbox-item-kind">{kindTitle(item.kind)}</span>
            <span className="inbox-item-title" title={item.title}>
              {item.title}
            </span>
            {isNeededSoon(item.needed_by, new Date()) ? (
              <span className="badge badge-danger badge-plain inbox-item-flag" data-testid="inbox-item-due-soon">
                Due soon
              </span>
            ) : null}
          </>
        );
        return (
          <li key={`${item.kind}:${item.subject_id}`}>
            {href ? (
              <Link to={href} className="inbox-item" onClick={() => onFollow(item)} data-testid="inbox-item">
                {text}
              </Link>
            ) : (
              <div className="inbox-item is-static" data-testid="inbox-item">
                {text}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function InboxRowView({ row, loading, onFollow }: { row: InboxRow; loading: boolean; onFollow: () => void }) {
  const content = (
    <>
      <span className="inbox-row-count">{loading ? <span className="skeleton" style={{ width: 18, height: 18 }} /> : row.count}</span>
      <span className="inbox-row-text">
        <span className="inbox-row-title">{row.title}</span>
        <span className="inbox-row-description">{row.description}</span>
      </span>
    </>
  );
  return row.href ? (
    <Link to={row.href} className="inbox-row" onClick={onFollow} data-testid={`inbox-row-${row.key}`}>
      {content}
    </Link>
  ) : (
    <div className="inbox-row is-static" data-testid={`inbox-row-${row.key}`}>
      {content}
    </div>
  );
}
