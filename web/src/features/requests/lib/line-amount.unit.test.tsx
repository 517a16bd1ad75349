import { describe, expect, it } from "vitest";
import { changeLine, lineAmount, type LineFields } from "./line-amount";
import { requestPrefill } from "./request-prefill";

const fromCatalogue = (): LineFields => {
  const prefill = requestPrefill((name) => ({ title: "Dock station", price: "149.99", qty: "2" })[name as string] ?? "");
  return { title: "", quantity: "1", unitPrice: "", amount: "", description: "", ...prefill };
};

describe("a request's quantity and unit price", () => {
  it("a catalogue item opens the form with its price, the quantity and their product", () => {
    expect(fromCatalogue()).toEqual({
      title: "Dock station",
      quantity: "2",
      unitPrice: "149.99",
      amount: "299.98",
      description: "2 × Dock station at 149.99 USD each",
    });
  });

  it("a new quantity moves the amount and the form's own description", () => {
    const form = changeLine(fromCatalogue(), "quantity", "3");
    expect(form.amount).toBe("449.97");
    expect(form.description).toBe("3 × Dock station at 149.99 USD each");
  });

  it("a description the requester wrote stays theirs", () => {
    const written = changeLine(fromCatalogue(), "description", "For the new hires");
    expect(changeLine(written, "quantity", "4")).toMatchObject({ amount: "599.96", description: "For the new hires" });
  });

  it("an amount typed by hand stays until quantity or unit price change again", () => {
    const discounted = changeLine(fromCatalogue(), "amount", "280");
    expect(changeLine(discounted, "title", "Dock station, USB-C")).toMatchObject({ amount: "280" });
  });

  it("no unit price leaves the amount as typed", () => {
    const form = { title: "Chairs", quantity: "1", unitPrice: "", amount: "900", description: "" };
    expect(changeLine(form, "quantity", "5")).toMatchObject({ amount: "900", description: "" });
  });

  it("quantities that are not whole and positive give no amount", () => {
    expect(lineAmount("0", "10")).toBeNull();
    expect(lineAmount("1.5", "10")).toBeNull();
    expect(lineAmount("3", "0.1")).toBe("0.3");
  });
});
