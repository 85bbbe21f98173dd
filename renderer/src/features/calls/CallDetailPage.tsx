import { PageHeader } from '../../components/PageHeader';

/** Call detail (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function CallDetailPage() {
  return <PageHeader title="Call Details" subtitle="Transcript, summary and analysis of one call." />;
}
