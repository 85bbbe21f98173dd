import { PageHeader } from '../../components/PageHeader';

/** Billing (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function BillingPage() {
  return <PageHeader title="Billing" subtitle="Your plan, payment methods and usage." />;
}
