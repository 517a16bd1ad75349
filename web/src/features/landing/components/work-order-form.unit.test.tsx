import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, deferred, json, mockFetch } from "@/testing/fetch-mock";
import { renderWithApp } from "@/testing/render";
import { WorkOrderForm } from "./work-order-form";

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Title"), "  Fix the loading dock door  ");
  await user.type(screen.getByLabelText("Your name"), "Dana Ops");
  await user.type(screen.getByLabelText("Work email"), "dana@example.com");
}

describe("work-order form", () => {
  it("keeps submit disabled until title, name and email are filled", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithApp(<WorkOrderForm />);
    const submit = screen.getByRole("button", { name: "Submit work order" });

    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.type(screen.getByLabelText("Your name"), "Dana");
    await user.type(screen.getByLabelText("Work email"), "dana@example.com");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Title"), "Door");
    expect(submit).toBeEnabled();
    expect(screen.getByLabelText("Priority")).toHaveValue("normal");
  });

  it("shows Submitting…, then the success message, and clears the form", async () => {
    const pending = deferred<Response>();
    const { calls } = mockFetch({ "POST /api/work-orders": () => pending.promise });
    const user = userEvent.setup();
    renderWithApp(<WorkOrderForm />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit work order" }));

    expect(screen.getByRole("button", { name: "Submitting…" })).toBeDisabled();
    expect(calls[0]?.body).toEqual({
      title: "Fix the loading dock door",
      details: null,
      requesterName: "Dana Ops",
      requesterEmail: "dana@example.com",
      priority: "normal",
      dueDate: null,
    });
    pending.resolve(json({ id: 42 }, 201));

    expect(await screen.findByText("Work order #42 submitted. Procurement will follow up shortly.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("");
    expect(screen.getByLabelText("Work email")).toHaveValue("");
  });

  it("shows the error message and keeps the values when submission fails", async () => {
    mockFetch({ "POST /api/work-orders": () => apiError(500) });
    const user = userEvent.setup();
    renderWithApp(<WorkOrderForm />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit work order" }));

    expect(await screen.findByText("We could not submit the work order. Try again or email procurement@demo.procure.test.")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("  Fix the loading dock door  ");
    expect(screen.getByLabelText("Your name")).toHaveValue("Dana Ops");
  });
});
