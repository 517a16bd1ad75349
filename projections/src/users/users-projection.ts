import { cacheKeys } from "@procure/contracts";
import { type Projection, oneAtATime } from "../projection.ts";

export const usersProjection: Projection = {
  name: "users",
  version: 1,
  tables: ["rm_users"],
  handles: ["UserRegistered"],
  apply: oneAtATime(async (db, event) => {
    if (event.type !== "UserRegistered") return;
    const d = event.data;
    await db
      .insertInto("rm_users")
      .values({ id: d.user_id, email: d.email, role: d.role, created_at: event.recorded_at })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return [{ keys: [cacheKeys.users()], audience: { roles: ["admin"] } }];
  }),
};
