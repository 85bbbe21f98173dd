import { PageHeader } from '../../components/PageHeader';

/** API keys (spec 001 §2) — the page itself is built by its own feature; this is its place in the route table. */
export function ApiKeysPage() {
  return <PageHeader title="API Keys" subtitle="Keys that let your systems call the Parley API." />;
}
