import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { Notice } from "@/components/ui/notice";
import { useOutbox } from "../api/get-outbox";
import { useRetryMail } from "../api/retry-mail";

/** Admins: the most recent mails, their status and last error, and a retry for those that failed. */
export function OutboxTable() {
  const outbox = useOutbox();
  const retry = useRetryMail();
  return (
    <section className="card" id="outbox" aria-labelledby="outbox-title">
      <div className="card-header">
        <div className="set-heading">
          <h2 id="outbox-title" className="card-title">
            Outbox
          </h2>
          <p className="subtle">The 20 most recent notification mails. Temporary failures are retried for more than a day.</p>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => void outbox.refetch()}>
          Refresh
        </button>
      </div>
      {outbox.isError ? (
        <div className="card-body">
          <Notice tone="error" role="alert">{`Unable to load the outbox: ${errorMessage(outbox.error)}`}</Notice>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table table-responsive" aria-label="Outbox">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(outbox.data ?? []).map((mail) => (
                <tr key={mail.id}>
                  <td data-label="Created">{new Date(mail.created_at).toLocaleString()}</td>
                  <td data-label="To">{mail.recipient}</td>
                  <td data-label="Subject">{mail.subject}</td>
                  <td data-label="Status">{mail.attempts > 1 && mail.status === "pending" ? `retrying (${mail.attempts} tries)` : mail.status}</td>
                  <td data-label={mail.last_error ? "Last error" : undefined}>{mail.last_error ?? ""}</td>
                  <td data-label={mail.status === "failed" ? "Actions" : undefined}>
                    {mail.status === "failed" ? (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(mail.id, { onError: (error) => toast.error("Retry failed", { description: errorMessage(error) }) })}
                      >
                        Retry
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
