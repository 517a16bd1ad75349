import type { ReactNode } from "react";

type Loaded = { isError: boolean; isPending: boolean; refetch: () => unknown };

type Props = {
  /** Names the heading the section is labelled by. */
  id: string;
  title: string;
  /** What the section lists, as fetched: its failure offers a retry, its wait and its emptiness a line of text. */
  query: Loaded;
  empty: boolean;
  texts: { failed: string; loading: string; empty: string };
  children: ReactNode;
  /** Shown below the list whatever its state (an action on the order). */
  footer?: ReactNode;
};

/** One of the order page's lists (invoices, history): a card with its heading, and the list once it is there. */
export function OrderSection({ id, title, query, empty, texts, children, footer }: Props) {
  return (
    <section className="card po-section" aria-labelledby={id}>
      <div className="card-header">
        <h2 id={id} className="card-title">
          {title}
        </h2>
      </div>
      <div className="card-body po-section-body">
        {query.isError ? (
          <p className="field-error" role="alert">
            {texts.failed}{" "}
            <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        ) : empty ? (
          <p className="field-hint">{query.isPending ? texts.loading : texts.empty}</p>
        ) : (
          children
        )}
        {footer}
      </div>
    </section>
  );
}
