import { lazy, Suspense } from "react";
import { useHashScroll } from "@/lib/use-hash-scroll";
import { PublicHeader } from "@/components/layout/public-header";
import { PublicFooter } from "@/components/layout/public-footer";
import { HeroSection } from "./hero-section";
import { WorkspaceStreams } from "./workspace-streams";
import { DailyFocus } from "./daily-focus";
import { SampleAccounts } from "./sample-accounts";
import { useLanding } from "../api/get-landing";
import "../landing.css";

const BelowTheFold = lazy(() => import("./below-the-fold"));

const anchors = [
  { id: "overview", label: "Overview" },
  { id: "focus", label: "Focus" },
  { id: "work-orders", label: "Work orders" },
  { id: "roles", label: "Roles" },
  { id: "access", label: "Access" },
];

const tryIt = { id: "try-it", label: "Try it" };

export function LandingPage() {
  // Sample accounts are advertised only where the server says they exist (never in a real workspace).
  const demoWorkspace = useLanding().data?.demoWorkspace === true;

  // Client-side navigation to "/#section" doesn't scroll by itself; a section further down arrives with a lazy chunk,
  // and the workspace's figures above it push it down again when they load.
  useHashScroll();

  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader
        nav={(demoWorkspace ? [...anchors.slice(0, 4), tryIt, ...anchors.slice(4)] : anchors).map((anchor) => (
          <a key={anchor.id} href={`#${anchor.id}`}>
            {anchor.label}
          </a>
        ))}
      />
      <main id="main">
        <HeroSection demoWorkspace={demoWorkspace} />
        <WorkspaceStreams />
        <DailyFocus />
        {demoWorkspace && <SampleAccounts />}
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
