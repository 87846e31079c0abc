import { RegionalList } from './regional-list';

/** /municipalities (spec 03 §2). */
export default function MunicipalitiesPage() {
  return <RegionalList unit="municipalities" />;
}
