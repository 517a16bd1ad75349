const cards = [
  {
    title: "Single sign-on",
    body: "Access is by single sign-on through your identity provider, so joiners and leavers follow your directory.",
  },
  {
    title: "Multi-factor by default",
    body: "Multi-factor authentication is enforced by default for every workspace member.",
  },
  {
    title: "Guided onboarding",
    body: "New members start with the intake checklist and a role handbook tailored to what they do.",
  },
];

export function AccessSection() {
  return (
    <section id="access" className="landing-section landing-section-alt" aria-labelledby="access-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Access</span>
          <h2 id="access-title">Access and onboarding</h2>
        </header>
        <ul className="access-grid">
          {cards.map((card) => (
            <li key={card.title} className="card card-body access-card">
              <h3>{card.title}</h3>
              <p className="muted">{card.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
