import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

/**
 * Copy for a value shown once (a temporary password, a signing secret). Where the browser blocks the clipboard
 * (plain http on a network address, a denied permission) the value is selected instead, so it is never lost.
 * `what` names it in the messages: "Password" gives "Password copied".
 */
export function useCopyText(text: string, what: string) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  const select = () => {
    const node = ref.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(`${what} copied`);
    } catch {
      select();
      toast.error(`Copying is blocked here. The ${what.toLowerCase()} is selected: press Ctrl+C or ⌘C.`);
    }
  };

  return { ref, copied, copy };
}
