import { WorkOrderForm } from "./work-order-form";

const hints = [
  { title: "Triage and ownership", body: "Procurement triages every work order and assigns an owner." },
  { title: "Updates in one place", body: "Updates post to the request, so the whole history stays together." },
  { title: "Status emails", body: "An email notification goes out whenever the status changes." },
];

export function WorkOrderSection() {
  return (
    <section id="work-orders" className="landing-section landing-section-alt" aria-labelledby="work-orders-title">
      <div className="landing-container work-order-layout">
        <div className="stack">
          <header className="section-header">
            <span className="eyebrow">Work orders</span>
            <h2 id="work-orders-title">Need something fixed, installed or serviced?</h2>
            <p className="muted">No account needed. Tell procurement what you need and when.</p>
          </header>
          <ul className="hint-list">
            {hints.map((hint) => (
              <li key={hint.title}>
                <span className="hint-check" aria-hidden="true">
                  ✓
                </span>
                <div>
                  <strong>{hint.title}</strong>
                  <p className="muted">{hint.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <WorkOrderForm />
      </div>
    </section>
  );
}
