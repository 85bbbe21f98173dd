import { PageHeader } from '../../components/PageHeader';

/** Campaign detail (spec 000 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function CampaignDetailPage() {
  return <PageHeader title="Campaign" subtitle="Settings, contacts and analytics of one campaign." />;
}
