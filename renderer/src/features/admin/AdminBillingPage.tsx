import { PageHeader } from '../../components/PageHeader';

/** Admin billing management (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function AdminBillingPage() {
  return <PageHeader title="Admin Billing" subtitle="Billing status, plans and usage of every tenant." />;
}
