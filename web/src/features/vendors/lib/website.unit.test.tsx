import { describe, expect, it } from "vitest";
import { websiteLink } from "./website";

describe("vendor website link", () => {
  it("links http(s) addresses as given and bare hosts over https, labelled without the scheme", () => {
    expect(websiteLink("https://alpine-safety.example")).toEqual({ href: "https://alpine-safety.example/", label: "alpine-safety.example" });
    expect(websiteLink("acme.example/supply")).toEqual({ href: "https://acme.example/supply", label: "acme.example/supply" });
  });

  it("does not link free text, other schemes or nothing", () => {
    expect(websiteLink("call the office")).toBeNull();
    expect(websiteLink("javascript:alert(1)")).toBeNull();
    expect(websiteLink("")).toBeNull();
    expect(websiteLink(null)).toBeNull();
  });
});
