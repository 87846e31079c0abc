import { RegionalList } from './regional-list';

/** /states (spec 03 §2). */
export default function StatesPage() {
  return <RegionalList unit="states" />;
}
