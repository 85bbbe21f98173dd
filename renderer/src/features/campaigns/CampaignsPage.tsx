import { PageHeader } from '../../components/PageHeader';

/** Campaigns (spec 000 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function CampaignsPage() {
  return <PageHeader title="Campaigns" subtitle="Each campaign can have one voice agent." />;
}
