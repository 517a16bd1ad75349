import type { Role } from "./roles.ts";

/** The sample workspace advertised on the landing page; the seed creates exactly these accounts. */
export const demoPassword = "procure-demo";
/** Its presence tells the landing page that the sample workspace exists. */
export const demoAdminEmail = "admin@demo.procure.test";
export const sampleAccounts: readonly { role: Role; label: string; email: string }[] = [
  { role: "requester", label: "Requester", email: "requester@demo.procure.test" },
  { role: "approver", label: "Approver", email: "approver@demo.procure.test" },
  { role: "buyer", label: "Buyer", email: "buyer@demo.procure.test" },
  { role: "finance", label: "Finance", email: "finance@demo.procure.test" },
  { role: "admin", label: "Admin", email: demoAdminEmail },
];
