import { addressMessages } from '@recaudo/domain/addresses';
import { headerKey, importMessages } from '@recaudo/domain/imports';
import { monthOf, type Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import type { AddressValues } from './rows';

/**
 * The regional units and economic activities an import names, read once per run (a few thousand
 * rows at most) and resolved by name within their parent, accents and case aside. A name that
 * does not exist is answered with the closest names of its siblings as a hint.
 */

interface Unit {
  id: number;
  name: string;
  parent: number | null;
  start?: string;
}

export interface ResolvedPlace {
  state_id: number;
  municipality_id: number;
  parish_id: number;
  community_id: number | null;
  economic_activity_id: number | null;
  /** The month the ledger would start without an opening position (community's or parish's start). */
  service_start: Month | null;
}

export type PlaceProblem = { field: 'state' | 'municipality' | 'parish' | 'community' | 'activity'; message: string };

/** Letter pairs of a name, for a similarity that forgives a typo or a missing accent. */
function pairs(text: string): string[] {
  const key = headerKey(text);
  return Array.from({ length: Math.max(0, key.length - 1) }, (_, index) => key.slice(index, index + 2));
}

function similarity(a: string, b: string): number {
  const left = pairs(a);
  const right = pairs(b);
  if (!left.length || !right.length) return 0;
  const pool = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared++;
      pool.splice(at, 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** Up to three names of `candidates` closest to `name`. */
export function closestNames(name: string, candidates: readonly Unit[]): string[] {
  return candidates
    .map((unit) => ({ name: unit.name, score: similarity(name, unit.name) }))
    .filter((entry) => entry.score >= 0.3)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((entry) => entry.name);
}

class Level {
  private readonly byParent = new Map<number | null, Unit[]>();
  private readonly byKey = new Map<string, Unit[]>();

  constructor(units: Unit[]) {
    for (const unit of units) {
      const siblings = this.byParent.get(unit.parent) ?? [];
      siblings.push(unit);
      this.byParent.set(unit.parent, siblings);
      const key = headerKey(unit.name);
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), unit]);
    }
  }

  find(name: string, parent: number | null): Unit | undefined {
    return this.byKey.get(headerKey(name))?.find((unit) => unit.parent === parent);
  }

  existsElsewhere(name: string): boolean {
    return this.byKey.has(headerKey(name));
  }

  siblings(parent: number | null): Unit[] {
    return this.byParent.get(parent) ?? [];
  }
}

export class Places {
  private constructor(
    private readonly states: Level,
    private readonly municipalities: Level,
    private readonly parishes: Level,
    private readonly communities: Level,
    private readonly activities: Unit[],
    private readonly activitiesByKey: Map<string, Unit>,
  ) {}

  static async load(db: Executor): Promise<Places> {
    const [stateRows, municipalityRows, parishRows, communityRows, activityRows] = await Promise.all([
      db.select({ id: states.id, name: states.name }).from(states),
      db.select({ id: municipalities.id, name: municipalities.name, parent: municipalities.stateId }).from(municipalities),
      db.select({ id: parishes.id, name: parishes.name, parent: parishes.municipalityId, start: parishes.dateStart }).from(parishes),
      db.select({ id: communities.id, name: communities.name, parent: communities.parishId, start: communities.dateStart }).from(communities),
      db.select({ id: economicActivities.id, name: economicActivities.name, code: economicActivities.code }).from(economicActivities),
    ]);
    const activities = activityRows.map((row) => ({ id: row.id, name: row.name, parent: null }));
    const activitiesByKey = new Map<string, Unit>();
    for (const row of activityRows) {
      activitiesByKey.set(headerKey(row.name), { id: row.id, name: row.name, parent: null });
      if (row.code) activitiesByKey.set(headerKey(row.code), { id: row.id, name: row.name, parent: null });
    }
    return new Places(
      new Level(stateRows.map((row) => ({ ...row, parent: null }))),
      new Level(municipalityRows),
      new Level(parishRows),
      new Level(communityRows),
      activities,
      activitiesByKey,
    );
  }

  /** The ids an address names, or the first unit that does not hold together, with a hint. */
  resolve(address: AddressValues): ResolvedPlace | PlaceProblem {
    const state = this.states.find(address.state, null);
    if (!state) return { field: 'state', message: importMessages.unknownUnit('El Estado', address.state, closestNames(address.state, this.states.siblings(null))) };
    const municipality = this.step(this.municipalities, address.municipality, state.id, 'municipality', 'El Municipio', addressMessages.municipalityMismatch);
    if ('message' in municipality) return municipality;
    const parish = this.step(this.parishes, address.parish, municipality.id, 'parish', 'La Parroquia', addressMessages.parishMismatch);
    if ('message' in parish) return parish;
    let community: Unit | null = null;
    if (address.type === 0 && address.community) {
      const found = this.step(this.communities, address.community, parish.id, 'community', 'La Comunidad', addressMessages.communityMismatch);
      if ('message' in found) return found;
      community = found;
    }
    let activity: Unit | null = null;
    if (address.type === 1 && address.activity) {
      activity = this.activitiesByKey.get(headerKey(address.activity)) ?? null;
      if (!activity) return { field: 'activity', message: importMessages.unknownUnit('La Actividad económica', address.activity, closestNames(address.activity, this.activities)) };
    }
    const start = address.type === 0 ? community?.start : parish.start;
    return {
      state_id: state.id,
      municipality_id: municipality.id,
      parish_id: parish.id,
      community_id: community?.id ?? null,
      economic_activity_id: activity?.id ?? null,
      service_start: start ? monthOf(start) : null,
    };
  }

  private step(level: Level, name: string, parent: number, field: PlaceProblem['field'], label: string, mismatch: string): Unit | PlaceProblem {
    const found = level.find(name, parent);
    if (found) return found;
    if (level.existsElsewhere(name)) return { field, message: mismatch };
    return { field, message: importMessages.unknownUnit(label, name, closestNames(name, level.siblings(parent))) };
  }
}
