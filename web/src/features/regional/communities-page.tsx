import { RegionalList } from './regional-list';

/** /communities (spec 03 §2). */
export default function CommunitiesPage() {
  return <RegionalList unit="communities" />;
}
