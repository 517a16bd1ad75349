import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { PipelineBar } from "./pipeline-bar";

const figure = (count: number) => ({ count, amount: count * 10 });

describe("the request pipeline chart", () => {
  it("says in words what its bar shows", () => {
    render(
      <PipelineBar pipeline={{ submitted: figure(8), approved: figure(4), pending: figure(3), denied: figure(1), readyForPo: figure(2), approvalRate: 80 }} />,
    );
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Requests by outcome: Approved 4 (50%), Pending 3 (38%), Denied 1 (13%)");
  });

  it("draws nothing before there are requests", () => {
    const { container } = render(
      <PipelineBar
        pipeline={{ submitted: figure(0), approved: figure(0), pending: figure(0), denied: figure(0), readyForPo: figure(0), approvalRate: null }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
