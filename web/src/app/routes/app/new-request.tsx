import { Navigate } from "react-router-dom";
import { paths } from "@/config/paths";

/** `/app/requests/new` opens the new-request drawer over the list rather than looking for a request called "new". */
export function Component() {
  return <Navigate to={paths.app.newRequest.getHref()} replace />;
}
