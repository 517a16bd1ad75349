/**
 * A vendor's website as a link: an http(s) address as given, a bare host ("acme.example") over https. Anything
 * else (a phone number, free text) is shown but not linked.
 */
export function websiteLink(value: string | null | undefined): { href: string; label: string } | null {
  const text = (value ?? "").trim();
  if (!text || /\s/.test(text)) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/.*)?$/i.test(text) ? `https://${text}` : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    const label = `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
    return { href: url.toString(), label };
  } catch {
    return null;
  }
}
