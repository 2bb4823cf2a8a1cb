import { diff, CriticalityLevel, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

/**
 * The schema compatibility rule (docs/graphql-changelog.md): a breaking change between two
 * versions of schema.graphql is allowed only when the changelog lists its path on a line of the
 * form "- breaking: `Path.to.thing` …".
 */
export interface CompatReport {
  breaking: Change[];
  /** Breaking changes that the changelog does not list: the check fails when any. */
  unlisted: Change[];
}

const ENTRY = /^\s*[-*]\s+breaking:\s+`([^`]+)`/gim;

/** The paths the changelog accepts as deliberate breaking changes. */
export function listedBreakingPaths(changelog: string): Set<string> {
  return new Set([...changelog.matchAll(ENTRY)].map((m) => m[1]!.trim()));
}

/** Identifies a change in the changelog: inspector's path (e.g. `Call.status`), else its message. */
export const changeKey = (c: Change): string => c.path ?? c.message;

export async function compareSchemas(baseSdl: string, currentSdl: string, changelog: string): Promise<CompatReport> {
  const changes = await diff(buildSchema(baseSdl), buildSchema(currentSdl));
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  const listed = listedBreakingPaths(changelog);
  return { breaking, unlisted: breaking.filter((c) => !listed.has(changeKey(c))) };
}
