/*
 * What the processes cost, read from /proc: resident and proportional memory, CPU time, the machine's
 * CPU ticks, and one snapshot of them for the processes a read involves.
 */
import { readFileSync } from 'node:fs';

/** Resident memory of the process in MB, or undefined once it is gone. */
export const rssMb = (pid: number | undefined): number | undefined => {
    try {
        const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return match ? Number(match[1]) / 1024 : undefined;
    } catch {
        return undefined;
    }
};

/** Proportional memory in kB (shared pages divided among the processes sharing them), or undefined once gone. */
const pssKb = (pid: number): number | undefined => {
    try {
        const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
        return match ? Number(match[1]) : undefined;
    } catch {
        return undefined;
    }
};

/** A PostgreSQL cluster's processes: the postmaster and its children (backends, checkpointer, walwriter...). */
export const clusterPids = (postmaster: number): number[] => {
    try {
        return [
            postmaster,
            ...readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
                .split(' ')
                .filter(Boolean)
                .map(Number),
        ];
    } catch {
        return [];
    }
};

/**
 * Memory of a group of processes in MB. PSS, not RSS: every PostgreSQL backend maps the same shared
 * buffers, and a sum of RSS would count them once per process.
 */
export const groupMb = (pids: number[]): number | undefined => {
    const kbs = pids.map(pssKb).filter(kb => kb !== undefined);
    return kbs.length ? kbs.reduce((sum, kb) => sum + kb, 0) / 1024 : undefined;
};

/** CPU time a process has used, in ms (utime + stime of /proc/PID/stat, in USER_HZ = 100 ticks a second). */
const cpuMs = (pid: number | undefined): number => {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
        return 0;
    }
};

/** The machine's CPU time, all cores, in ticks: in total and idle (/proc/stat's first line). */
const machineTicks = () => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return { total: ticks.reduce((sum, tick) => sum + tick, 0), idle: ticks[3] + ticks[4] };
};

/** Whose CPU a read costs: the server processes', the database's, and this script's (the clients). */
export interface CpuGroups {
    servers: number[];
    /** The database's processes, for an engine that has them. */
    database?: () => number[];
}

export const cpuSnapshot = (groups: CpuGroups) => {
    const own = process.cpuUsage();
    return {
        servers: groups.servers.reduce((sum, pid) => sum + cpuMs(pid), 0),
        database: (groups.database?.() ?? []).reduce((sum, pid) => sum + cpuMs(pid), 0),
        clients: (own.user + own.system) / 1000,
        machine: machineTicks(),
    };
};
