import { useSession } from '../../lib/session';
import { ClientSolvencies } from './client-solvencies';
import { SolvenciesList } from './solvencies-list';

/** /solvencies (no route permission): the client version for a user with a client, the staff one otherwise. */
export default function SolvenciesPage() {
  const { session } = useSession();
  return session?.user.client ? <ClientSolvencies /> : <SolvenciesList title="Solvencias" />;
}
