import { RegionalList } from './regional-list';

/** /parishes (spec 03 §2). */
export default function ParishesPage() {
  return <RegionalList unit="parishes" />;
}
