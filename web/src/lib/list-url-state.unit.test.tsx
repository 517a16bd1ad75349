import { describe, expect, it } from "vitest";
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
