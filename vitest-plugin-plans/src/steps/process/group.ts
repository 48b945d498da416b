/**
 * Ending a process group (issue 11: SIGTERM to the whole group, SIGKILL 2 s
 * later) and ending single leaked processes at run end. Every wait is bounded;
 * a group is empty when no live member is left (zombies do not count).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { HAS_PROC, liveMembers, stillRunning } from './proc-scan.js';

/** Between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2000;
/** After SIGKILL, how long the processes get to disappear. */
const AFTER_KILL_MS = 1000;
const POLL_MS = 25;

/** Sends a signal (0: only checks) to a group (negative pid) or a process; false when nothing received it. */
export function send(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether group `pgid` still has a live member. */
export function groupAlive(pgid: number): boolean {
  // kill(-pgid, 0) fails once the group is gone; it still succeeds for a group of zombies, so /proc decides.
  if (!send(-pgid, 0)) return false;
  return HAS_PROC ? liveMembers(pgid).length > 0 : true;
}

/** Polls `done` every 25 ms until it holds or `ms` pass; true when it held. */
async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  for (;;) {
    if (done()) return true;
    if (performance.now() >= until) return false;
    await delay(POLL_MS);
  }
}

/**
 * SIGTERM to every process of group `pgid`; SIGKILL to the group `graceMs`
 * later if any member is still alive. Resolves with the last signal sent.
 */
export async function killGroup(pgid: number, graceMs = KILL_GRACE_MS): Promise<NodeJS.Signals> {
  if (!send(-pgid, 'SIGTERM')) return 'SIGTERM';
  if (await waitUntil(() => !groupAlive(pgid), graceMs)) return 'SIGTERM';
  send(-pgid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pgid), AFTER_KILL_MS);
  return 'SIGKILL';
}

/** A process to end, named by pid and start time so a reused pid is never hit. */
export interface Victim {
  pid: number;
  startTime: string;
}

/** SIGTERM to each, SIGKILL 2 s later to those left; resolves with those still running after that. */
export async function killProcesses(victims: readonly Victim[], graceMs = KILL_GRACE_MS): Promise<Victim[]> {
  const running = (v: Victim) => (HAS_PROC ? stillRunning(v.pid, v.startTime) : send(v.pid, 0));
  let left = victims.filter(running);
  if (left.length === 0) return [];
  for (const v of left) send(v.pid, 'SIGTERM');
  if (await waitUntil(() => (left = left.filter(running)).length === 0, graceMs)) return [];
  for (const v of left) send(v.pid, 'SIGKILL');
  await waitUntil(() => (left = left.filter(running)).length === 0, AFTER_KILL_MS);
  return left;
}
