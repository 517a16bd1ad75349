import { useState } from "react";
import { useSession } from "@/lib/auth";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { useDashboard } from "../api/get-dashboard";
import { emptyDashboard } from "../lib/empty-dashboard";
import { OverviewTab } from "./overview-tab";
import { RequestsTab } from "./requests-tab";
import { AdministrationTab } from "./administration-tab";
import "../dashboard.css";

type Tab = "overview" | "requests" | "administration";

export function DashboardPage() {
  const { role } = useSession();
  const [tab, setTab] = useState<Tab>("overview");
  const query = useDashboard();
  const data = query.data ?? emptyDashboard;
  const loading = query.isPending;

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
        {tab === "requests" ? <RequestsTab data={data} loading={loading} role={role} /> : null}
        {tab === "administration" ? <AdministrationTab data={data} loading={loading} role={role} /> : null}
      </TabPanel>
    </div>
  );
}
