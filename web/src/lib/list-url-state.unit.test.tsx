import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent as dispatch } from "@testing-library/dom";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "@/testing/render";
import { oneOf, useListUrlState, useUrlSearchText } from "./list-url-state";

function List() {
  const url = useListUrlState();
  const [search, setSearch] = useUrlSearchText(url);
  const sort = oneOf(["title", "-title"], url.get("sort"), "title");
  return (
    <div>
      <input aria-label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <button type="button" onClick={() => url.set({ sort: sort === "title" ? "-title" : null, status: "pending" })}>
        {`Sorted ${sort}`}
      </button>
    </div>
  );
}

describe("a list's state in the address", () => {
  it("starts from the address, writes search and sort back to it, and follows it when it changes elsewhere", async () => {
    const { router } = renderWithApp(<List />, { path: "/list", initialEntry: "/list?q=desk&sort=-title&sort=junk" });
    expect(screen.getByLabelText("Search")).toHaveValue("desk");
    expect(screen.getByRole("button")).toHaveTextContent("Sorted -title");

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "desk lamp" } });
    expect(screen.getByLabelText("Search")).toHaveValue("desk lamp");
    expect(router.state.location.search).toBe("?q=desk+lamp&sort=-title&sort=junk");

    fireEvent.click(screen.getByRole("button"));
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get("status")).toBe("pending");
    expect(screen.getByRole("button")).toHaveTextContent("Sorted title");

    // Two changes before the address has caught up: the second keeps the first.
    act(() => {
      fireEvent.change(screen.getByLabelText("Search"), { target: { value: "desk lamp brass" } });
      fireEvent.click(screen.getByRole("button"));
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({ q: "desk lamp brass", sort: "-title" });

    await act(() => router.navigate("/list?q=chair"));
    expect(screen.getByLabelText("Search")).toHaveValue("chair");
  });
});

/** Never done: a screen that waits for data whenever the address holds a search. */
const never = new Promise<never>(() => {});
function WaitsForSearches() {
  const url = useListUrlState();
  if (url.get("q")) throw never;
  return null;
}

function ListBesideASlowScreen() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <List />
      <button type="button" onClick={() => setRenders(renders + 1)}>{`Rendered ${renders}`}</button>
      <WaitsForSearches />
    </>
  );
}

/** Runs `work` as a browser would, with React's own scheduler rather than `act`'s, which renders everything at once. */
async function asInABrowser(work: () => Promise<void>) {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await work();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

describe("a list's state in the address, while the router's move is held back", () => {
  it("keeps a search typed before a sort when React renders the new address and drops that render", async () => {
    const { router } = renderWithApp(<ListBesideASlowScreen />, { path: "/list", initialEntry: "/list?sort=-title" });
    await asInABrowser(async () => {
      // The router moves the address in a transition. React renders it, a screen suspends, and the render is put
      // aside uncommitted: the list still shows the old address.
      dispatch.change(screen.getByLabelText("Search"), { target: { value: "desk" } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.search).toBe("?sort=-title&q=desk");
      // A click elsewhere renders the list again with the old address, and a sort comes right after that render.
      screen.getByRole("button", { name: /^Rendered/ }).click();
      await Promise.resolve(); // React renders a click's update at the end of the task's microtasks
      screen.getByRole("button", { name: /^Sorted/ }).click();
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: "desk", status: "pending" });
  });
});
