import { Navigate, createBrowserRouter, type RouteObject } from "react-router-dom";
import { paths } from "@/config/paths";
import type { RouteHandle } from "@/components/layout/route-handle";
import { BootScreen } from "@/components/layout/boot-screen";
import { SectionError } from "./errors/section-error";
import { sectionModules } from "./routes/app/section-modules";

const handle = (value: RouteHandle) => value;

// Public routes have no errorElement: unknown ones and thrown errors get the router's default screen, which the
// spec names ("Unexpected Application Error!"). Inside the workspace a failing section keeps the shell around it.
const screens: RouteObject[] = [
  { path: paths.home.path, lazy: () => import("./routes/landing") },
  { path: paths.checklist.path, lazy: () => import("./routes/checklist") },
  { path: paths.auth.login.path, lazy: () => import("./routes/login") },
  { path: paths.auth.signup.path, lazy: () => import("./routes/signup") },
  {
    path: paths.app.root.path,
    lazy: () => import("./routes/app/workspace-root"),
    handle: handle({ crumb: "Workspace" }),
    children: [
      {
        errorElement: <SectionError />,
        children: [
          {
            index: true,
            lazy: sectionModules.dashboard,
            handle: handle({
              crumb: "Dashboard",
              title: "Dashboard",
              description: "Request and purchase order figures across the workspace.",
              quickLinks: [
                { label: "New request", href: paths.app.newRequest.getHref(), section: "requests" },
                { label: "Approvals queue", href: paths.app.approvals.getHref(), section: "approvals" },
                { label: "Purchase orders", href: paths.app.purchaseOrders.getHref(), section: "purchase-orders" },
              ],
            }),
          },
          {
            path: paths.app.requests.path,
            lazy: sectionModules.requests,
            handle: handle({
              crumb: "Requests",
              title: "Requests",
              description: "Raise purchase requests and follow them to a decision.",
              quickLinks: [
                { label: "Intake checklist", href: paths.app.intakeChecklist.getHref() },
                { label: "Approvals queue", href: paths.app.approvals.getHref(), section: "approvals" },
              ],
            }),
            children: [
              { path: paths.app.newRequest.path, lazy: () => import("./routes/app/new-request") },
              { path: paths.app.request.path, lazy: () => import("./routes/app/request-detail"), handle: handle({ crumb: "Request" }) },
            ],
          },
          {
            path: paths.app.approvals.path,
            lazy: sectionModules.approvals,
            handle: handle({
              crumb: "Approvals",
              title: "Approvals",
              description: "Pending requests waiting on a decision, most urgent first, then oldest.",
              quickLinks: [{ label: "All requests", href: paths.app.requests.getHref(), section: "requests" }],
            }),
          },
          {
            path: paths.app.purchaseOrders.path,
            handle: handle({
              crumb: "Purchase orders",
              title: "Purchase orders",
              description: "Draft, issue and receive purchase orders; overdue deliveries stand out.",
              quickLinks: [
                { label: "Vendors", href: paths.app.vendors.getHref(), section: "vendors" },
                { label: "Requests", href: paths.app.requests.getHref(), section: "requests" },
              ],
            }),
            children: [
              {
                lazy: sectionModules["purchase-orders"],
                children: [
                  { index: true },
                  { path: paths.app.orderRequest.path, lazy: () => import("./routes/app/order-request-detail"), handle: handle({ crumb: "Request" }) },
                ],
              },
              {
                path: paths.app.purchaseOrder.path,
                lazy: () => import("./routes/app/purchase-order"),
                handle: handle({
                  crumb: "Order",
                  title: "Purchase order",
                  description: "The order's lines, the goods received against them, its invoices and its history.",
                }),
              },
            ],
          },
          {
            path: paths.app.invoices.path,
            lazy: sectionModules.invoices,
            handle: handle({
              crumb: "Invoices",
              title: "Invoices",
              description: "Vendor invoices matched against their orders and the goods received; approve, then pay.",
              quickLinks: [{ label: "Purchase orders", href: paths.app.purchaseOrders.getHref(), section: "purchase-orders" }],
            }),
          },
          {
            path: paths.app.catalog.path,
            lazy: sectionModules.catalogue,
            handle: handle({
              crumb: "Catalogue",
              title: "Catalogue",
              description: "The catalogue control centre: categories, coverage, supplier feeds and PunchOut.",
              quickLinks: [
                { label: "Raise a request", href: paths.app.newRequest.getHref(), section: "requests" },
                { label: "Intake checklist", href: paths.app.intakeChecklist.getHref() },
              ],
            }),
          },
          {
            path: paths.app.vendors.path,
            lazy: sectionModules.vendors,
            handle: handle({
              crumb: "Vendors",
              title: "Vendors",
              description: "Supplier status, risk and notes, and who changed them.",
              quickLinks: [
                { label: "Purchase orders", href: paths.app.purchaseOrders.getHref(), section: "purchase-orders" },
                { label: "New request", href: paths.app.newRequest.getHref(), section: "requests" },
              ],
            }),
          },
          {
            path: paths.app.budgets.path,
            lazy: sectionModules.budgets,
            handle: handle({
              crumb: "Budgets",
              title: "Budgets",
              description: "What each category has committed and spent against its budget for the year, quarter or month.",
              quickLinks: [
                { label: "Approvals queue", href: paths.app.approvals.getHref(), section: "approvals" },
                { label: "Purchase orders", href: paths.app.purchaseOrders.getHref(), section: "purchase-orders" },
              ],
            }),
          },
          {
            path: paths.app.integrations.path,
            lazy: sectionModules.integrations,
            handle: handle({
              crumb: "Integrations",
              title: "Integrations",
              description: "PunchOut, connectors, and the health of the live event feed.",
              quickLinks: [
                { label: "Catalogue", href: paths.app.catalog.getHref(), section: "catalogue" },
                { label: "Settings", href: paths.app.settings.getHref(), section: "settings" },
              ],
            }),
          },
          {
            path: paths.app.settings.path,
            lazy: sectionModules.settings,
            handle: handle({
              crumb: "Settings",
              title: "Settings",
              description: "Workspace access and the approval rules that route new requests.",
              quickLinks: [
                { label: "Approvals queue", href: paths.app.approvals.getHref(), section: "approvals" },
                { label: "Integrations", href: paths.app.integrations.getHref(), section: "integrations" },
              ],
            }),
          },
          {
            path: paths.app.intakeChecklist.path,
            lazy: () => import("./routes/app/intake-checklist"),
            handle: handle({
              crumb: "Intake checklist",
              title: "Intake checklist",
              description: "Get a request ready in one pass. Ticks stay on this page only.",
              quickLinks: [{ label: "New request", href: paths.app.newRequest.getHref(), section: "requests" }],
            }),
          },
          { path: "*", element: <Navigate to={paths.app.root.getHref()} replace /> },
        ],
      },
    ],
  },
];

/** Every screen's code loads on demand: until the first one's has arrived, the boot screen stays up. */
export const routes: RouteObject[] = [{ HydrateFallback: BootScreen, children: screens }];

export const createAppRouter = () => createBrowserRouter(routes);
