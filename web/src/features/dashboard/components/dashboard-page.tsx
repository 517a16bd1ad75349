import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "@/lib/auth";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { useDashboard } from "../api/get-dashboard";
import { emptyDashboard } from "../lib/empty-dashboard";
import { OverviewTab } from "./overview-tab";
import "../dashboard.css";

// The overview is what the dashboard opens on; the other two views come after it, so they are not part of the
// workspace's first load. They are fetched once the overview's figures are in, so a click shows them at once.
const loadRequestsTab = () => import("./requests-tab");
const loadAdministrationTab = () => import("./administration-tab");
const RequestsTab = lazy(() => loadRequestsTab().then((m) => ({ default: m.RequestsTab })));
const AdministrationTab = lazy(() => loadAdministrationTab().then((m) => ({ default: m.AdministrationTab })));

type Tab = "overview" | "requests" | "administration";

export function DashboardPage() {
  const { role } = useSession();
  const [tab, setTab] = useState<Tab>("overview");
  const query = useDashboard();
  const data = query.data ?? emptyDashboard;
  const loading = query.isPending;
  const loaded = query.isSuccess;

  useEffect(() => {
    if (!loaded) return;
    // A failed fetch here is ignored: the view loads (and reports) on its own when opened.
    void loadRequestsTab().catch(() => {});
    void loadAdministrationTab().catch(() => {});
  }, [loaded]);

  return (
    <div className="stack" style={{ gap: 18 }}>
      <Tabs<Tab>
        label="Dashboard views"
        idPrefix="dashboard"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "overview", label: "Overview" },
          { id: "requests", label: "Requests" },
          { id: "administration", label: "Administration" },
        ]}
      />
      <TabPanel id={tab} idPrefix="dashboard">
        {tab === "overview" ? <OverviewTab data={data} loading={loading} role={role} /> : null}
        <Suspense fallback={<span className="skeleton" style={{ display: "block", width: "60%", height: 28 }} />}>
          {tab === "requests" ? <RequestsTab data={data} loading={loading} role={role} /> : null}
          {tab === "administration" ? <AdministrationTab data={data} loading={loading} role={role} /> : null}
        </Suspense>
      </TabPanel>
    </div>
  );
}
