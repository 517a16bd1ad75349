import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { useShortcuts } from "./use-shortcuts";

function Screen({ onSearch, onNew }: { onSearch: () => void; onNew: () => void }) {
  useShortcuts([
    { key: "/", description: "Search", run: onSearch },
    { key: "n", description: "New", run: onNew },
  ]);
  return (
    <div>
      <input aria-label="Title" />
      <textarea aria-label="Notes" />
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe("one-key shortcuts", () => {
  it("run from anywhere on the screen, but never while typing in a field or with a modifier", () => {
    const onSearch = vi.fn();
    const onNew = vi.fn();
    render(<Screen onSearch={onSearch} onNew={onNew} />);

    fireEvent.keyDown(screen.getByRole("button", { name: "Elsewhere" }), { key: "n" });
    fireEvent.keyDown(document.body, { key: "/" });
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(screen.getByLabelText("Title"), { key: "n" });
    fireEvent.keyDown(screen.getByLabelText("Notes"), { key: "/" });
    fireEvent.keyDown(document.body, { key: "n", ctrlKey: true });
    fireEvent.keyDown(document.body, { key: "n", metaKey: true });
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
