import { PageShell } from './page-shell';

/** Any other path. */
export function NotFoundPage() {
  return (
    <PageShell>
      <section className="vb-widget vb-screen">
        <h1 className="vb-heading">Page not found</h1>
        <p className="vb-text">There is nothing at this address.</p>
        <a className="vb-button vb-button--primary" href="/login">
          Go to sign in
        </a>
      </section>
    </PageShell>
  );
}
