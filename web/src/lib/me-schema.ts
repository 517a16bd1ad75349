// The session check's schema on its own, so it can be loaded with the check's answer rather than before the first
// paint (see getMe in auth.tsx).
export { meResponse } from "@procure/contracts";
