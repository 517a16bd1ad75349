import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { formatRecency } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { useComments } from "../api/get-comments";
import { useCreateComment } from "../api/create-comment";

export function RequestComments({ requestId }: { requestId: string }) {
  const comments = useComments(requestId);
  const create = useCreateComment();
  const [body, setBody] = useState("");
  const trimmed = body.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An empty comment after trimming is never posted.
    if (!trimmed || create.isPending) return;
    create.mutate(
      { id: requestId, body: trimmed },
      {
        onSuccess: () => setBody(""),
        onError: (error) => toast.error(`Comment failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <div className="stack" style={{ gap: 16 }}>
      {comments.isPending ? (
        <div className="stack" aria-busy="true">
          <span className="skeleton" style={{ width: "60%" }} />
          <span className="skeleton" style={{ width: "80%" }} />
        </div>
      ) : comments.isError ? (
        <Notice tone="error" role="alert">{`Unable to load comments: ${errorMessage(comments.error)}`}</Notice>
      ) : comments.data.length === 0 ? (
        <EmptyState icon="💬" title="No comments yet.">
          <span className="subtle">Record decisions, conditions and questions here.</span>
        </EmptyState>
      ) : (
        <ul className="comment-list">
          {comments.data.map((comment) => (
            <li key={comment.id} className="comment">
              <span className="avatar" aria-hidden="true">
                {(comment.author || "?").charAt(0).toUpperCase()}
              </span>
              <div className="comment-body">
                <div className="comment-meta">
                  <strong>{comment.author || "Unknown"}</strong>
                  <span className="subtle">{formatRecency(comment.created_at)}</span>
                </div>
                <p className="prewrap">{comment.body}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="stack comment-form" onSubmit={onSubmit}>
        <label className="field">
          <span className="field-label">Add a comment</span>
          <textarea className="textarea" name="body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} maxLength={5000} />
        </label>
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <button type="submit" className="btn btn-primary" disabled={!trimmed || create.isPending}>
            {create.isPending ? "Posting…" : "Post comment"}
          </button>
        </div>
      </form>
    </div>
  );
}
