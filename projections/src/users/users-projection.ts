import { cacheKeys } from "@procure/contracts";
import { type Projection, type Touch, oneAtATime } from "../projection.ts";
import { readersOf } from "../audiences.ts";

/** The member list changed for admins, and the member's own screens follow the change. */
const touchedMember = (userId: string): Touch[] => [
  { keys: [cacheKeys.users()], audience: readersOf("users") },
  { keys: [cacheKeys.me()], audience: { userIds: [userId] } },
];

export const usersProjection: Projection = {
  name: "users",
  // 2: each member's version.
  version: 2,
  tables: ["rm_users"],
  handles: ["UserRegistered", "UserRoleChanged", "UserDeactivated", "UserReactivated"],
  apply: oneAtATime(async (db, event) => {
    switch (event.type) {
      case "UserRegistered": {
        const d = event.data;
        await db
          .insertInto("rm_users")
          .values({ id: d.user_id, email: d.email, role: d.role, active: true, created_at: event.recorded_at, version: event.stream_version })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return [{ keys: [cacheKeys.users()], audience: readersOf("users") }];
      }
      case "UserRoleChanged":
        await db.updateTable("rm_users").set({ role: event.data.role, version: event.stream_version }).where("id", "=", event.data.user_id).execute();
        return touchedMember(event.data.user_id);
      case "UserDeactivated":
      case "UserReactivated":
        await db
          .updateTable("rm_users")
          .set({ active: event.type === "UserReactivated", version: event.stream_version })
          .where("id", "=", event.data.user_id)
          .execute();
        return touchedMember(event.data.user_id);
      default:
        return;
    }
  }),
};
