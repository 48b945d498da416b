/**
 * Processes a step left running (issue 11 "Leak line"): each is reported as
 * `leak: task <t> step <n>: pid <p> <command> still running` when the step
 * ends, and killed when the run ends (after the finally tasks, also after a
 * failure, a deadline or a signal): SIGTERM, then SIGKILL 2 s later. The sweep
 * at run end also takes any process carrying a leaking step's marker, so the
 * children a leaked process started since are killed too.
 */
import type { RunResources } from '../types.js';
import { killGroup, killProcesses, type Victim } from './group.js';
import { HAS_PROC, findMarked, type FoundProcess } from './proc-scan.js';

const CACHE_KEY = 'process.leaks';

/** The run's leaked processes, filled by the steps, emptied at run end. */
export interface LeakRegistry {
  victims: Array<Victim & { command: string }>;
  /** Markers of the steps that leaked. */
  markers: Set<string>;
  /** Groups to signal where there is no /proc (the group's id stands for its members). */
  groups: Set<number>;
}

/** The run's registry; the first call registers the run-end kill. */
function registry(resources: RunResources): LeakRegistry {
  const known = resources.cache.get(CACHE_KEY) as LeakRegistry | undefined;
  if (known) return known;
  const reg: LeakRegistry = { victims: [], markers: new Set(), groups: new Set() };
  resources.cache.set(CACHE_KEY, reg);
  resources.atRunEnd('leaked processes', (notice) => killLeaks(reg, notice));
  return reg;
}

/** Ends every leaked process; false (exit code 1) when one survived SIGKILL. */
export async function killLeaks(reg: LeakRegistry, notice: (kind: string, text: string) => void): Promise<boolean> {
  const byPid = new Map<number, Victim & { command: string }>(reg.victims.map((v) => [v.pid, v]));
  if (HAS_PROC) for (const s of findMarked([...reg.markers])) if (!byPid.has(s.pid)) byPid.set(s.pid, { pid: s.pid, startTime: s.startTime, command: '' });
  const survivors = await killProcesses([...byPid.values()].filter((v) => v.startTime !== ''));
  for (const g of reg.groups) await killGroup(g);
  for (const s of survivors) notice('cleanup', `leaked process pid ${s.pid} ${byPid.get(s.pid)?.command ?? ''} could not be killed`);
  reg.victims.length = 0;
  reg.markers.clear();
  reg.groups.clear();
  return survivors.length === 0;
}

/** Reports what a step left running, one notice each, and keeps them for the run-end kill. */
export function reportLeaks(
  left: readonly FoundProcess[],
  marker: string,
  ctx: { task: string; step: number; resources: RunResources; notice(kind: string, text: string): void },
): void {
  if (left.length === 0) return;
  const reg = registry(ctx.resources);
  reg.markers.add(marker);
  for (const p of left) {
    ctx.notice('leak', `task ${ctx.task} step ${ctx.step}: pid ${p.pid} ${p.command} still running`);
    if (p.startTime === '') reg.groups.add(p.pgrp);
    else reg.victims.push({ pid: p.pid, startTime: p.startTime, command: p.command });
  }
}
