import { can } from "@procure/contracts";
import { errorMessage } from "@/lib/api-client";
import { useSession } from "@/lib/auth";
import { Notice } from "@/components/ui/notice";
import { useCatalogueOverview } from "../api/get-catalogue-overview";
import { SummaryCards } from "./summary-cards";
import { CatalogueLinks } from "./catalogue-links";
import { CategoryHierarchy } from "./category-hierarchy";
import { NewCategoryButton } from "./new-category-button";
import { RequesterWorkspace } from "./requester-workspace";
import { ItemLifecycle } from "./item-lifecycle";
import { VendorFeeds } from "./vendor-feeds";
import { PunchoutGovernance } from "./punchout-governance";
import { CatalogueAnalytics } from "./catalogue-analytics";
import "../catalogue.css";

export function CataloguePage() {
  const { user, role } = useSession();
  const overview = useCatalogueOverview();
  const canCurate = can(role, "catalogue:write");
  const data = overview.data;

  return (
    <div className="stack catalogue-page" style={{ gap: 18 }}>
      <SummaryCards overview={data} loading={overview.isPending} />
      <CatalogueLinks role={role} />
      {overview.isError ? (
        <Notice tone="error" role="alert">
          {`Unable to load the catalogue: ${errorMessage(overview.error)}`}{" "}
          <button type="button" className="btn btn-sm" onClick={() => void overview.refetch()}>
            Try again
          </button>
        </Notice>
      ) : null}
      {overview.isPending ? (
        <div className="card card-body" role="status">
          <span className="spinner" aria-hidden="true" /> Loading catalogue…
        </div>
      ) : null}
      {data && !canCurate ? (
        // Whoever does not curate the catalogue comes here to find an item: the search first, then the categories.
        <>
          <RequesterWorkspace items={data.items} userId={user?.id ?? null} />
          <CategoryHierarchy categories={data.categories} actions={null} />
        </>
      ) : null}
      {data && canCurate ? (
        <>
          <CategoryHierarchy
            categories={data.categories}
            actions={<NewCategoryButton categories={data.categories} businessUnits={data.analytics.businessUnitCoverage.map((u) => u.businessUnit)} />}
          />
          <RequesterWorkspace items={data.items} userId={user?.id ?? null} />
          <ItemLifecycle items={data.items} categories={data.categories} canCurate={canCurate} />
          <VendorFeeds feeds={data.vendorFeeds} canCurate={canCurate} />
          <PunchoutGovernance connections={data.punchoutConnections} role={role} />
          <CatalogueAnalytics overview={data} />
        </>
      ) : null}
    </div>
  );
}
