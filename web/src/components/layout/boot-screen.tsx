/**
 * What the page shows while the first screen's code arrives: the same markup as the one `index.html` paints before
 * any script runs (its styles live there), so the hand-over from the static page to the app shows no blank frame.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <div>
        <p>
          <span className="boot-mark" aria-hidden="true">
            P
          </span>
        </p>
        <p>Loading Procure…</p>
      </div>
    </div>
  );
}
