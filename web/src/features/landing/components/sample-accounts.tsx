import { Link } from "react-router-dom";
import { demoPassword, sampleAccounts } from "@procure/contracts";
import { paths } from "@/config/paths";

export function SampleAccounts() {
  return (
    <section id="try-it" className="landing-section" aria-labelledby="try-title">
      <div className="landing-container">
        <header className="section-header">
          <span className="eyebrow">Try it</span>
          <h2 id="try-title">Explore the sample workspace</h2>
          <p className="muted">
            {sampleAccounts.length} accounts, one for each role, share one demo password: <code className="demo-password">{demoPassword}</code>
          </p>
        </header>
        <ul className="account-grid">
          {sampleAccounts.map((account) => (
            <li key={account.email} className="card account-card">
              <span className="badge badge-primary badge-plain">{account.label}</span>
              <dl className="account-credentials">
                <div>
                  <dt>Email</dt>
                  <dd className="mono">{account.email}</dd>
                </div>
                <div>
                  <dt>Password</dt>
                  <dd className="mono">{demoPassword}</dd>
                </div>
              </dl>
              <Link className="btn btn-block" to={paths.auth.login.getHref()} state={{ email: account.email }} aria-label={`Sign in as ${account.label}`}>
                Sign in
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
