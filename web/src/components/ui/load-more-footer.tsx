/** Under a list read a page at a time: how much of it shows, and the button that reads the next page. */
export function LoadMoreFooter({ shown, hasMore, loading, onMore }: { shown: string; hasMore: boolean; loading: boolean; onMore: () => void }) {
  return (
    <div className="card-footer list-more">
      <span className="subtle">{shown}</span>
      {hasMore ? (
        <button type="button" className="btn btn-sm" disabled={loading} onClick={onMore}>
          {loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
