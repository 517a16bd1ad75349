import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "@/testing/render";
import { LoginForm } from "./login-form";

describe("the sign-in page's sample shortcut", () => {
  it("offers an account for each of the five roles and fills in its email and the demo password", () => {
    renderWithApp(<LoginForm />, { path: "/login" });
    fireEvent.click(screen.getByText("Use a sample account"));
    for (const label of ["Requester", "Approver", "Buyer", "Finance", "Admin"]) {
      expect(screen.getByRole("button", { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole("button", { name: /^Finance/ }));
    expect(screen.getByLabelText(/email/i)).toHaveValue("finance@demo.procure.test");
    expect(screen.getByLabelText(/password/i)).toHaveValue("procure-demo");
  });
});
