import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { z } from "zod";
import { ApiError } from "@/lib/api-client";
import { useEditConflict } from "@/lib/use-edit-conflict";
import { EditConflictNotice } from "./edit-conflict";

const note = z.object({ id: z.string(), title: z.string(), notes: z.string(), version: z.number() });
type Note = z.infer<typeof note>;
const labels = { title: "Title", notes: "Notes" } as const;

const opened: Note = { id: "n1", title: "Chairs", notes: "Leave at the dock", version: 3 };
const now: Note = { ...opened, notes: "Deliver to reception", version: 5 };

const stale = (body: unknown, status = 412) =>
  new ApiError({ method: "PATCH", url: "/api/notes/n1", status, statusText: "Precondition Failed", body: JSON.stringify(body) });
const staleBody = {
  error: {
    code: "precondition_failed",
    message: "ana@example.com changed this record.",
    details: { version: 5, changed_by: ["ana@example.com", "ben@example.com"], changed_at: new Date().toISOString() },
    current: now,
  },
};

function Form({ error }: { error: unknown }) {
  const edit = useEditConflict(opened, { schema: note, labels });
  return (
    <>
      <output aria-label="Saving on version">{edit.version}</output>
      <button type="button" onClick={() => edit.caught(error)}>
        Save
      </button>
      <EditConflictNotice conflict={edit.conflict} what="note" onReload={edit.reload} />
    </>
  );
}

describe("a save refused because the record changed", () => {
  it("says who changed which fields, and Reload saves on the current version from then on", async () => {
    render(<Form error={stale(staleBody)} />);
    expect(screen.getByLabelText("Saving on version")).toHaveTextContent("3");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/^!ana@example.com and ben@example.com changed this note after you opened it \(today at /);
    expect(alert).toHaveTextContent("Changed since you opened it: Notes.");
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Saving on version")).toHaveTextContent("5");
  });

  it("leaves any other refusal to the form", async () => {
    render(<Form error={stale({ error: { code: "conflict", message: "Taken." } }, 409)} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Saving on version")).toHaveTextContent("3");
  });
});
