import { PageHeader } from '../../components/PageHeader';

/** Account (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function AccountPage() {
  return <PageHeader title="Account" subtitle="Invite team members and manage your team." />;
}
