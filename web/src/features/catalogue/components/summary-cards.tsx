import type { CatalogueOverview } from "@procure/contracts";
import { KpiCard } from "@/components/ui/kpi-card";

type Props = { overview: CatalogueOverview | undefined; loading: boolean };

export function SummaryCards({ overview, loading }: Props) {
  const summary = overview?.summary;
  const published = overview?.items.filter((i) => i.status === "published").length ?? 0;
  return (
    <section className="kpi-grid" aria-label="Catalogue summary">
      <KpiCard label="Active categories" value={summary?.activeCategories ?? 0} loading={loading} hint="Live categories with their coverage" />
      <KpiCard label="Catalogue items" value={summary?.totalItems ?? 0} loading={loading} hint={`${published} published for requesters`} />
      <KpiCard label="Feeds requiring review" value={summary?.feedsRequiringReview ?? 0} loading={loading} hint="Staged supplier changes or finance checks" />
      <KpiCard
        label="PunchOut connections"
        value={summary?.punchoutConnections ?? 0}
        loading={loading}
        hint={`${Math.round(summary?.punchoutHealth ?? 0)}% healthy`}
      />
    </section>
  );
}
