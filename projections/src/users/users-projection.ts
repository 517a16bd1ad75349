import { cacheKeys } from "@procure/contracts";
import { type Projection, oneAtATime } from "../projection.ts";
import { readersOf } from "../audiences.ts";

export const usersProjection: Projection = {
  name: "users",
  version: 1,
  tables: ["rm_users"],
  handles: ["UserRegistered", "UserRoleChanged"],
  apply: oneAtATime(async (db, event) => {
    if (event.type === "UserRegistered") {
      const d = event.data;
      await db
        .insertInto("rm_users")
        .values({ id: d.user_id, email: d.email, role: d.role, created_at: event.recorded_at })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return [{ keys: [cacheKeys.users()], audience: readersOf("users") }];
    }
    if (event.type !== "UserRoleChanged") return;
    await db.updateTable("rm_users").set({ role: event.data.role }).where("id", "=", event.data.user_id).execute();
    return [
      { keys: [cacheKeys.users()], audience: readersOf("users") },
      // The user's own screens follow the new role.
      { keys: [cacheKeys.me()], audience: { userIds: [event.data.user_id] } },
    ];
  }),
};
