/** Marks content built into the page, so nobody mistakes it for the workspace's own connections. */
export function SampleTag() {
  return <span className="int-sample">Sample content</span>;
}
