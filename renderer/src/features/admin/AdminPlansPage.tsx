import { PageHeader } from '../../components/PageHeader';

/** Admin plan management (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function AdminPlansPage() {
  return <PageHeader title="Admin Plans" subtitle="The plan catalogue." />;
}
