import { describe, expect, it } from "vitest";
import { changeRequestForm, emptyRequestForm, requestFormValues, type RequestForm } from "./request-fields";

const itemId = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const tiered = (quantity: number) => (quantity >= 10 ? 357.88 : 389);
const fromCatalogue: RequestForm = { ...emptyRequestForm, title: "Monitor", quantity: "1", unitPrice: "389", amount: "389", catalogueItemId: itemId };

describe("the request form's lines", () => {
  it("a catalogue line's unit price follows its quantity to the volume tier, and the line is sent with its item", () => {
    const ten = changeRequestForm(fromCatalogue, "quantity", "10", tiered);
    expect(ten).toMatchObject({ unitPrice: "357.88", amount: "3578.8", description: "10 × Monitor at 357.88 USD each" });
    expect(requestFormValues(ten)).toMatchObject({ lines: [{ description: "Monitor", quantity: 10, unit_price: 357.88, catalogue_item_id: itemId }] });
    expect(requestFormValues(ten)).not.toHaveProperty("amount");
  });

  it("an amount typed apart from the line is sent alone; a request of several lines keeps them while its amount stays", () => {
    expect(requestFormValues(changeRequestForm(fromCatalogue, "amount", "350"))).toMatchObject({ amount: 350 });
    const savedLines = [
      { description: "Ties", quantity: 3, unit_price: 0.1, catalogue_item_id: null },
      { description: "Tape", quantity: 1, unit_price: 0.2, catalogue_item_id: null },
    ];
    const several: RequestForm = { ...emptyRequestForm, title: "Kit", amount: "0.5", savedLines };
    expect(requestFormValues(several)).toMatchObject({ lines: savedLines });
    expect(requestFormValues(changeRequestForm(several, "amount", "0.6"))).toMatchObject({ amount: 0.6 });
  });
});
