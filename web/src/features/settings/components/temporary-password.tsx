import { Notice } from "@/components/ui/notice";
import { ShownOnce } from "./shown-once";

/** Shown once, straight from the server's answer; closing the drawer or reloading discards it. */
export function TemporaryPassword({ email, password }: { email: string; password: string | null }) {
  if (!password) {
    return (
      <Notice tone="success" role="status">
        {email} signs in with the password you set, then chooses one of their own.
      </Notice>
    );
  }
  // The member must replace it at first sign-in, so it is only good for getting them there.
  return <ShownOnce label={`Temporary password for ${email}`} value={password} what="Password" testId="temporary-password" />;
}
